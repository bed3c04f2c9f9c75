import { Search } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useLocation } from "wouter";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useSearch } from "../api/search";
import { SearchResultList } from "./search-results";

const DEBOUNCE_MS = 250;

const messages = defineMessages({
  placeholder: { id: "search.box.placeholder", defaultMessage: "Search people, businesses, events..." },
  label: { id: "search.box.label", defaultMessage: "Search" },
  searching: { id: "search.box.searching", defaultMessage: "Searching..." },
});

/** The top bar search: results drop down as you type; Enter opens the /search page. */
export function SearchBox() {
  const intl = useIntl();
  const [text, setText] = useState("");
  const [debounced, setDebounced] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [, navigate] = useLocation();
  const container = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    function closeOnOutsideClick(event: MouseEvent) {
      if (container.current && !container.current.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener("mousedown", closeOnOutsideClick);
    return () => document.removeEventListener("mousedown", closeOnOutsideClick);
  }, []);
  const { data, isFetching } = useSearch(debounced, 5);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setIsOpen(false);
    navigate(paths.search(text.trim()));
  }

  return (
    <form ref={container} onSubmit={submit} className="relative w-full max-w-sm">
      <Search aria-hidden className="absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400" />
      <input
        type="search"
        placeholder={intl.formatMessage(messages.placeholder)}
        aria-label={intl.formatMessage(messages.label)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setIsOpen(false);
        }}
        className="h-9 w-full rounded-full border bg-gray-50 ps-9 pe-3 text-sm"
      />
      {isOpen && debounced.trim() && (
        <div className="absolute inset-x-0 top-11 z-30 max-h-96 overflow-y-auto rounded-lg border bg-surface shadow-lg">
          {data ? (
            <SearchResultList results={data} onChoose={() => setIsOpen(false)} />
          ) : isFetching ? (
            <div className="p-3">
              <SkeletonList label={intl.formatMessage(messages.searching)} count={3} hasAvatar />
            </div>
          ) : null}
        </div>
      )}
    </form>
  );
}
