import { type ComponentType, createContext, type JSX, use } from "react";

/**
 * A component whose code loads the first time it renders (as React.lazy), that can also be loaded ahead
 * (`preload`), and that renders at once, without suspending, once its code is there. A page the server rendered is
 * hydrated only after the code of every such component it showed has loaded (main.tsx, `ServerState.lazy`): then a
 * tap on any part of the page can be answered at once (React hydrates that part on the spot), where React.lazy would
 * suspend once more and React would drop the tap.
 */
export type LazyComponent<P extends object> = ((props: P) => JSX.Element) & {
  /** Loads the component's code (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
};

/** A promise React's `use` reads synchronously once it is settled (React looks at `status` and `value`). */
type TrackedPromise<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

const registry = new Map<string, LazyComponent<never>>();

/**
 * The names of the lazy components a server render showed, collected by src/entry-server.tsx and sent with the page's
 * data; no collector in the browser.
 */
export const RenderedLazyContext = createContext<Set<string> | null>(null);

/**
 * `name` is unique among lazy components (the server sends it, the browser preloads by it). `load` gives the module;
 * `pick` its component (the module's default export when omitted).
 */
export function lazyComponent<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyComponent<P>;
export function lazyComponent<P extends object, M>(
  name: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P>;
export function lazyComponent<P extends object, M>(
  name: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P> = (module) => (module as { default: ComponentType<P> }).default,
): LazyComponent<P> {
  // In development a changed module runs again (hot reload) and names its components again.
  if (registry.has(name) && !import.meta.hot) throw new Error(`Two lazy components are named ${name}`);
  let loading: TrackedPromise<ComponentType<P>> | undefined;
  const preload = (): TrackedPromise<ComponentType<P>> => {
    if (!loading) {
      const promise: TrackedPromise<ComponentType<P>> = load().then(pick);
      promise.status = "pending";
      promise.then(
        (component) => {
          promise.status = "fulfilled";
          promise.value = component;
        },
        (error: unknown) => {
          promise.status = "rejected";
          promise.reason = error;
          // A failed download is tried again the next time the component renders (a flaky network, a new build).
          loading = undefined;
        },
      );
      loading = promise;
    }
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per component at module level
  function Lazy(props: P): JSX.Element {
    use(RenderedLazyContext)?.add(name);
    const Component = use(preload() as Promise<ComponentType<P>>);
    return <Component {...props} />;
  }
  Lazy.displayName = `Lazy(${name})`;
  const component = Object.assign(Lazy, { preload });
  registry.set(name, component as unknown as LazyComponent<never>);
  return component;
}

/** Loads the code of the named lazy components (the ones a server-rendered page showed); unknown names are skipped. */
export function preloadLazyComponents(names: readonly string[]): Promise<unknown> {
  return Promise.all(names.map((name) => registry.get(name)?.preload()));
}
