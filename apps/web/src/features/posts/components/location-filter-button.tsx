import { MapPin } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { readLocationFilter, useLocationFilterDialog } from "../hooks/use-location-filter";

const messages = defineMessages({
  active: { id: "posts.locationButton.active", defaultMessage: "Location filter (active)" },
  label: { id: "posts.locationButton.label", defaultMessage: "Location filter" },
});

/** The top bar's location filter button (opens the panel) (docs/PRODUCT.md §2, §4, §5). */
export function LocationFilterButton() {
  const intl = useIntl();
  const { setOpen } = useLocationFilterDialog();
  const saved = readLocationFilter();
  return (
    <Button
      variant={saved ? "secondary" : "ghost"}
      size="icon"
      aria-label={intl.formatMessage(saved ? messages.active : messages.label)}
      onClick={() => setOpen(true)}
      className="relative"
    >
      <MapPin aria-hidden className="h-5 w-5" />
      {saved && <span className="absolute end-1.5 top-1.5 h-2 w-2 rounded-full bg-primary" />}
    </Button>
  );
}
