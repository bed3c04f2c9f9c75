import { useSyncExternalStore } from "react";

/**
 * Whether the create-post dialog is open. One dialog lives in the app shell; any Create / Create Post button
 * opens it through `openCreatePostDialog()`.
 */
let isOpen = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  isOpen = next;
  for (const listener of listeners) listener();
}

export const openCreatePostDialog = () => setOpen(true);

export function useCreatePostDialog(): { isOpen: boolean; setOpen: (next: boolean) => void } {
  const open = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isOpen,
    () => false,
  );
  return { isOpen: open, setOpen };
}
