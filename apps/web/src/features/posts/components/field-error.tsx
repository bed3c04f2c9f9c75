/** A composer field's message, announced when it appears; nothing when there is none. */
export function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="text-sm text-red-600" role="alert">
      {message}
    </p>
  ) : null;
}
