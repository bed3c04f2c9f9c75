import { MapPin } from "lucide-react";
import { Button } from "@/components/ui/button";
import { readLocationFilter, useLocationFilterDialog } from "../hooks/use-location-filter";

/** The top bar's location filter button (opens the panel) (docs/PRODUCT.md §2, §4, §5). */
export function LocationFilterButton() {
  const { setOpen } = useLocationFilterDialog();
  const saved = readLocationFilter();
  return (
    <Button
      variant={saved ? "secondary" : "ghost"}
      size="icon"
      aria-label={saved ? "Location filter (active)" : "Location filter"}
      onClick={() => setOpen(true)}
      className="relative"
    >
      <MapPin aria-hidden className="h-5 w-5" />
      {saved && <span className="absolute top-1.5 right-1.5 h-2 w-2 rounded-full bg-primary" />}
    </Button>
  );
}
