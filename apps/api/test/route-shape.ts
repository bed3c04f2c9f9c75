import ts from "typescript";

/**
 * The route shape of docs/ARCHITECTURE.md "One route shape", checked on the source of a `*.routes.ts` file:
 * - routes are declared with `route(app, METHOD, path, options, handler)` (lib/route.ts), not `app.get(...)`;
 * - a handler is one expression: a result (`ok`, `created`, `noContent`, `page`, `redirect`, `replayable`, `html`,
 *   ...) of ONE service call, whose arguments only read the request (`request.params.id`, `requireViewer(request)`,
 *   the app's `context`, an idempotent route's `idempotency`);
 * - no repository or presenter is imported (rows and views are the services' business);
 * - no function in the file is longer than MAX_FUNCTION_LINES (a long registration is split by resource).
 * Returns one line per departure from the shape, `file:line what`.
 */
export const MAX_FUNCTION_LINES = 120;

const RESULTS = new Set([
  "ok",
  "created",
  "noContent",
  "page",
  "redirect",
  "withNextCursor",
  "download",
  "accepted",
  "signedIn",
  "signedUp",
  "replayable",
  "html",
  "calendar",
]);
/** Calls a handler's arguments may make besides the service call: they only read the request. */
const REQUEST_READERS = new Set([
  "requireViewer",
  "requireSuperuser",
  "requireModerator",
  "requireSession",
  "publicBaseUrl",
  "signingClient",
]);
const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "all", "route"]);

export function routeShapeProblems(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const at = (node: ts.Node) => `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (/\.(repository|presenter)$/.test(from) || /\/lib\/cursor$/.test(from)) {
      problems.push(`${at(statement)} imports ${from} (a route reads through one service call)`);
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
      const start = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > MAX_FUNCTION_LINES) {
        problems.push(`${at(node)} a function of ${end - start + 1} lines (at most ${MAX_FUNCTION_LINES})`);
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        /^(app|fastify|instance|scope)$/.test(callee.expression.text) &&
        HTTP_METHODS.has(callee.name.text)
      ) {
        problems.push(`${at(node)} ${callee.getText()}(...) declares a route without route() (lib/route.ts)`);
      }
      if (ts.isIdentifier(callee) && callee.text === "route") {
        const [, method, url, , handler] = node.arguments;
        const name = `${method && ts.isStringLiteral(method) ? method.text : "?"} ${url?.getText() ?? "?"}`;
        const problem = handler ? handlerProblem(handler) : "has no handler";
        if (problem) problems.push(`${at(node)} ${name}: ${problem}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return problems;
}

/** Why a handler is not `async (request) => result(await service(...request reads))`, or null when it is. */
function handlerProblem(handler: ts.Expression): string | null {
  if (!ts.isArrowFunction(handler)) return "the handler is not an arrow function";
  if (ts.isBlock(handler.body)) return "the handler has a body of statements (it should be one result expression)";
  const result = handler.body;
  if (!ts.isCallExpression(result) || !ts.isIdentifier(result.expression) || !RESULTS.has(result.expression.text)) {
    return `the handler answers ${result.getText().slice(0, 60)} instead of ok/created/noContent/page/redirect(...)`;
  }
  const [first, ...rest] = result.arguments;
  if (!first) return result.expression.text === "noContent" ? "noContent() without a service call" : "no answer";
  const call = ts.isAwaitExpression(first) ? first.expression : first;
  if (!ts.isCallExpression(call)) return `the answer ${first.getText().slice(0, 60)} is not a service call`;
  const extra = [...call.arguments, ...rest].flatMap(callsIn);
  if (extra.length > 0) return `more than one call: ${extra.map((node) => node.getText().slice(0, 40)).join(", ")}`;
  if (ts.isPropertyAccessExpression(call.expression)) return `the answer calls a method (${call.expression.getText()})`;
  return null;
}

/** Calls and awaits inside an argument, other than the request readers. */
function callsIn(node: ts.Node): ts.Node[] {
  if (ts.isAwaitExpression(node)) return [node];
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return [node];
  if (ts.isCallExpression(node)) {
    const isReader = ts.isIdentifier(node.expression) && REQUEST_READERS.has(node.expression.text);
    if (!isReader) return [node];
  }
  const found: ts.Node[] = [];
  ts.forEachChild(node, (child) => {
    found.push(...callsIn(child));
  });
  return found;
}
