// The offline page (served by the service worker in place of a page that could not load): "Try again" reloads
// the page that was asked for, and coming back online reloads it by itself.
const retry = document.getElementById("retry");
if (retry) retry.setAttribute("href", window.location.href);
window.addEventListener("online", () => window.location.reload());
