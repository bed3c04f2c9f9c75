import { MY_COUPONS_TEXTS } from "@plaza/contracts/coupons.texts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { MyCoupons } from "@/features/coupons/components/my-coupons";
import { useText } from "@/i18n/texts";

/** /coupons: the signed-in user's redeemed codes with their state. */
export default function MyCouponsRoute() {
  const text = useText();
  return (
    <div className="mx-auto max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1>{text(MY_COUPONS_TEXTS.title)}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <MyCoupons />
        </CardContent>
      </Card>
    </div>
  );
}
