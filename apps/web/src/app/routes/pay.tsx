import { displayName } from "@plaza/contracts/users.texts";
import { useParams } from "wouter";
import { usePayment } from "@/features/payments/api/get-payment";
import { PayPage } from "@/features/payments/components/pay-page";
import { useUserProfile } from "@/features/users/api/get-user-profile";

/** /pay/{id}: a payment that needs its payer (a renewal's 3-D Secure, a return from a bank's page). */
export default function PayRoute() {
  const { paymentId = "" } = useParams<{ paymentId: string }>();
  const payment = usePayment(paymentId);
  const payee = useUserProfile(payment.data?.payeeId ?? "");
  return (
    <div className="mx-auto max-w-lg space-y-4 p-3">
      <PayPage paymentId={paymentId} payeeName={payee.data ? displayName(payee.data) : "the creator"} />
    </div>
  );
}
