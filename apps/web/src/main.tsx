import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";
import "./index.css";
import { registerServiceWorker } from "./lib/service-worker";
import { startTheme } from "./lib/theme";

// Before the first render, so the first paint already has the chosen theme.
startTheme();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// As a transition, the first render is time-sliced: React yields to the browser every few milliseconds instead of
// building the whole page in one long task, so a tap during start-up is answered and a slow phone's main thread
// is never blocked for long (Lighthouse mobile, total blocking time; bench/README.md).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
