import * as TabsPrimitive from "@radix-ui/react-tabs";
import { type ComponentProps, createContext, useContext, useId, useState } from "react";
import { cn } from "@/lib/cn";

/**
 * The selected tab and the ids that tie each tab to its panel. Radix's own Tabs keep both to themselves, and its
 * panel (TabsPrimitive.Content) wraps every panel in Presence, which reads `getComputedStyle(panel).animationName`
 * as the panel is attached: on a page's first screen that forced the whole new page's style calculation inside
 * React's commit (144 ms at 4× CPU on the signed-in home; bench/results/history.md, session 18). Our panels never animate,
 * so TabsContent is a plain tab panel; the Root, the list and the triggers (roving focus, arrow keys) stay Radix's.
 */
interface TabsState {
  baseId: string;
  value: string;
}

const TabsStateContext = createContext<TabsState | null>(null);

function useTabsState(component: string): TabsState {
  const state = useContext(TabsStateContext);
  if (!state) throw new Error(`${component} must be used within Tabs`);
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({
  className,
  value: valueProp,
  defaultValue,
  onValueChange,
  ...props
}: ComponentProps<typeof TabsPrimitive.Root>) {
  const baseId = useId();
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue ?? "");
  const value = valueProp ?? uncontrolledValue;
  const changeValue = (next: string) => {
    if (valueProp === undefined) setUncontrolledValue(next);
    onValueChange?.(next);
  };
  return (
    <TabsStateContext.Provider value={{ baseId, value }}>
      <TabsPrimitive.Root
        data-slot="tabs"
        className={cn("flex flex-col gap-2", className)}
        value={value}
        onValueChange={changeValue}
        {...props}
      />
    </TabsStateContext.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        "inline-flex h-12 w-fit max-w-full items-center justify-start overflow-x-auto rounded-lg bg-gray-100 p-0.5 text-gray-600 md:h-10 md:p-1",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const { baseId } = useTabsState("TabsTrigger");
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-full min-h-11 flex-1 cursor-pointer items-center md:min-h-0 justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium transition-all",
        "hover:text-gray-900 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1",
        "disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-surface data-[state=active]:text-gray-900 data-[state=active]:shadow-sm",
        "[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      value={value}
      // Radix's trigger takes these from its own ids; ours name the panels TabsContent renders.
      id={tabId(baseId, value)}
      aria-controls={panelId(baseId, value)}
      {...props}
    />
  );
}

/** A tab's panel, as Radix renders it (an empty hidden panel while another tab is selected), without Presence. */
export function TabsContent({ className, value, children, ...props }: ComponentProps<"div"> & { value: string }) {
  const state = useTabsState("TabsContent");
  const isSelected = state.value === value;
  return (
    <div
      role="tabpanel"
      data-slot="tabs-content"
      data-state={isSelected ? "active" : "inactive"}
      id={panelId(state.baseId, value)}
      aria-labelledby={tabId(state.baseId, value)}
      hidden={!isSelected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern (and Radix's panel) makes a panel a tab stop, so a panel with no control in it can still be reached and read
      tabIndex={0}
      className={cn(
        "rounded-lg focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
        className,
      )}
      {...props}
    >
      {isSelected && children}
    </div>
  );
}
