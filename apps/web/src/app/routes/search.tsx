import type { SearchType } from "@plaza/contracts/search";
import { SEARCH_TYPES } from "@plaza/contracts/search.texts";
import { Search, SearchX } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Link, useLocation, useSearch as useLocationSearch } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMore } from "@/components/ui/load-more";
import { SkeletonList } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { paymentPostSlots } from "@/features/payments/components/post-payment-slots";
import { PostCard } from "@/features/posts/components/post-card";
import { PostListSkeleton } from "@/features/posts/components/post-list-skeleton";
import { useSearch } from "@/features/search/api/search";
import { useSearchPosts } from "@/features/search/api/search-posts";
import { SearchResultList } from "@/features/search/components/search-results";
import { paths } from "@/lib/paths";

/** The tabs' names (the same words as the contracts' SEARCH_TYPE_LABELS). */
const SEARCH_TYPE_LABELS = defineMessages({
  people: { id: "shell.search.type-people", defaultMessage: "People" },
  businesses: { id: "shell.search.type-businesses", defaultMessage: "Businesses" },
  posts: { id: "shell.search.type-posts", defaultMessage: "Posts" },
  events: { id: "shell.search.type-events", defaultMessage: "Events" },
});

const messages = defineMessages({
  failed: { id: "shell.search.failed", defaultMessage: "Search failed. Please try again." },
  noPosts: { id: "shell.search.no-posts", defaultMessage: "No posts found" },
  noPostsHint: { id: "shell.search.no-posts-hint", defaultMessage: "Try another word or tag." },
  title: { id: "shell.search.title", defaultMessage: "Search" },
  placeholder: { id: "shell.search.placeholder", defaultMessage: "Search people, businesses, events..." },
  field: { id: "shell.search.field", defaultMessage: "Search people, businesses and posts" },
  searching: { id: "shell.search.searching", defaultMessage: "Searching..." },
});

const phrases = defineMessages<{
  resultsFor: { q: string };
  intro: { link: MessageTag };
}>({
  resultsFor: { id: "shell.search.results-for", defaultMessage: 'Results for "{q}"' },
  intro: {
    id: "shell.search.intro",
    defaultMessage:
      "Type a name, a place or a word to find people, businesses, events and posts. What's on this week is on the <link>Events page</link>.",
  },
});

/** The Posts tab: matching posts as cards, best match first, "Load more" for the next page. */
function PostResults({ q, viewerId }: { q: string; viewerId: string | null }) {
  const intl = useIntl();
  const results = useSearchPosts(q);
  const posts = useMemo(() => results.data?.pages.flatMap((page) => page.posts) ?? [], [results.data]);
  if (results.isLoading) return <PostListSkeleton />;
  if (results.isError) return <p className="text-red-600">{intl.formatMessage(messages.failed)}</p>;
  if (posts.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={intl.formatMessage(messages.noPosts)}
        description={intl.formatMessage(messages.noPostsHint)}
        className="py-6"
      />
    );
  }
  return (
    <div className="space-y-4">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} viewerId={viewerId} slots={paymentPostSlots} />
      ))}
      <LoadMore
        hasNextPage={Boolean(results.hasNextPage)}
        isFetchingNextPage={results.isFetchingNextPage}
        onLoadMore={() => results.fetchNextPage()}
      />
    </div>
  );
}

const isSearchType = (value: string | null): value is SearchType =>
  value !== null && (SEARCH_TYPES as readonly string[]).includes(value);

/**
 * /search?q=&type= : people, published businesses and posts matching the text, one tab each. The page has its
 * own search field: on phones the top bar's search button leads here, and the field is focused when the page
 * opens without a query. Without a type it opens on the first tab that found something.
 */
export default function SearchRoute() {
  const intl = useIntl();
  const params = new URLSearchParams(useLocationSearch());
  const q = params.get("q") ?? "";
  const typeParam = params.get("type");
  const chosenType = isSearchType(typeParam) ? typeParam : null;
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const { data, isLoading, isError } = useSearch(q, 20);

  const firstFound: SearchType =
    data && data.people.length === 0
      ? data.businesses.length === 0 && data.posts.length > 0
        ? "posts"
        : data.businesses.length > 0
          ? "businesses"
          : "people"
      : "people";
  const tab = chosenType ?? firstFound;

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(paths.search(text.trim(), chosenType), { replace: true });
  }

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold wrap-anywhere">
        {q ? intl.formatMessage(phrases.resultsFor, { q }) : intl.formatMessage(messages.title)}
      </h1>
      <search>
        <form onSubmit={submit} className="relative">
          <Search aria-hidden className="absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400" />
          <input
            type="search"
            placeholder={intl.formatMessage(messages.placeholder)}
            aria-label={intl.formatMessage(messages.field)}
            // A phone user who tapped the search button came here to type.
            // biome-ignore lint/a11y/noAutofocus: the page exists to take this input.
            autoFocus={!q}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-11 w-full rounded-full border bg-surface ps-9 pe-3 text-base"
          />
        </form>
      </search>
      {!q.trim() ? (
        <p className="text-gray-500">
          <FormattedMessage
            {...phrases.intro}
            values={{
              link: (chunks) => (
                <Link href={paths.events} className="text-brand-600 underline-offset-4 hover:underline">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      ) : isLoading ? (
        <SkeletonList label={intl.formatMessage(messages.searching)} count={4} hasAvatar />
      ) : isError || !data ? (
        <p className="text-red-600">{intl.formatMessage(messages.failed)}</p>
      ) : (
        <Tabs value={tab} onValueChange={(value) => navigate(paths.search(q, value as SearchType), { replace: true })}>
          <TabsList className="w-full">
            {SEARCH_TYPES.map((type) => (
              <TabsTrigger key={type} value={type}>
                {intl.formatMessage(SEARCH_TYPE_LABELS[type])}
              </TabsTrigger>
            ))}
          </TabsList>
          {(["people", "businesses", "events"] as const).map((type) => (
            <TabsContent key={type} value={type} className="mt-4">
              <Card>
                <CardContent className="p-0">
                  <SearchResultList results={data} only={type} />
                </CardContent>
              </Card>
            </TabsContent>
          ))}
          <TabsContent value="posts" className="mt-4">
            <PostResults q={q} viewerId={user?.id ?? null} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
