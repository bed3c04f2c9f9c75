import { defineMessages } from "react-intl";
import { Button } from "@/components/ui/button";
import { useAppIntl } from "@/lib/use-app-intl";

const messages = defineMessages({
  loading: { id: "shell.load-more.loading", defaultMessage: "Loading..." },
  more: { id: "shell.load-more.more", defaultMessage: "Load more" },
});

/** The "next page" control of a cursor-paginated list: shown while there is one. */
export function LoadMore(props: { hasNextPage: boolean; isFetchingNextPage: boolean; onLoadMore: () => void }) {
  const intl = useAppIntl();
  if (!props.hasNextPage) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="outline" onClick={props.onLoadMore} disabled={props.isFetchingNextPage}>
        {intl.formatMessage(props.isFetchingNextPage ? messages.loading : messages.more)}
      </Button>
    </div>
  );
}
