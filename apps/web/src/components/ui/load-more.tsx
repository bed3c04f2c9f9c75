import { Button } from "@/components/ui/button";

/** The "next page" control of a cursor-paginated list: shown while there is one. */
export function LoadMore(props: { hasNextPage: boolean; isFetchingNextPage: boolean; onLoadMore: () => void }) {
  if (!props.hasNextPage) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="outline" onClick={props.onLoadMore} disabled={props.isFetchingNextPage}>
        {props.isFetchingNextPage ? "Loading..." : "Load more"}
      </Button>
    </div>
  );
}
