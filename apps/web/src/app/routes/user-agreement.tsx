export default function UserAgreementRoute() {
  return <h1 className="text-2xl font-bold">UserAgreement</h1>;
}
