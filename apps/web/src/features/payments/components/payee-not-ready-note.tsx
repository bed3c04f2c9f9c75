/** Why the person can't be paid yet, said before the pay button is pressed (the button is disabled beside it). */
export function PayeeNotReadyNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="payee-not-ready">
      {message}
    </p>
  );
}
