import ts from "typescript";

/**
 * The service side of docs/ARCHITECTURE.md's module layout (route → service → repository), checked on the source
 * of a `*.service.ts` file: a service holds the rules and the transactions, and reads and writes through its
 * repositories. It may open a transaction (`db.transaction`, `inTransaction`) and import row types, but it does not
 * build a query itself:
 * - no value import from `drizzle-orm` (operators such as `eq`, `and`, the `sql` tag);
 * - no value import from `db/schema/` (the tables; `import type { UserRow }` is fine);
 * - no query on an executor: `db.select(...)`, `tx.insert(...)`, `context.db.execute(...)`, ... where the receiver
 *   is named like an executor (db, tx, trx, executor, database) or declared as `Executor`, `Transaction` or
 *   `Database`;
 * - no `sql` tagged template.
 * Returns one line per query found, `file:line what`.
 */

const QUERY_METHODS = new Set([
  "select",
  "selectDistinct",
  "selectDistinctOn",
  "insert",
  "update",
  "delete",
  "execute",
  "$count",
  "$with",
  "with",
  "refreshMaterializedView",
]);
const EXECUTOR_NAMES = /^(db|tx|trx|executor|database)$/;
const EXECUTOR_TYPES = /^(Executor|Transaction|Database)$/;

export function serviceQueryProblems(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const at = (node: ts.Node) => `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const isQueryBuilder = from === "drizzle-orm" || from.startsWith("drizzle-orm/");
    const isSchema = /(^|\/)db\/schema(\/|$)/.test(from);
    if (!isQueryBuilder && !isSchema) continue;
    const values = valueImports(statement);
    if (values.length === 0) continue;
    problems.push(`${at(statement)} imports ${values.join(", ")} from ${from} (queries are built in repositories)`);
  }

  const executors = executorNames(sourceFile);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = lastName(node.expression.expression);
      if (
        QUERY_METHODS.has(method) &&
        receiver !== null &&
        (EXECUTOR_NAMES.test(receiver) || executors.has(receiver))
      ) {
        problems.push(`${at(node)} ${node.expression.getText()}(...) runs a query (move it to a repository)`);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "sql") {
      problems.push(`${at(node)} sql\`...\` writes SQL (move it to a repository)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return problems;
}

/** The names an import brings in as values (not `import type`, not `type X` specifiers). */
function valueImports(statement: ts.ImportDeclaration): string[] {
  const clause = statement.importClause;
  if (!clause || clause.isTypeOnly) return [];
  const names: string[] = [];
  if (clause.name) names.push(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(`* as ${bindings.name.text}`);
  if (bindings && ts.isNamedImports(bindings)) {
    for (const element of bindings.elements) if (!element.isTypeOnly) names.push(element.name.text);
  }
  return names;
}

/** The name a receiver ends with: `db` in `db`, `context.db` and `this.db`; null for anything else (a call...). */
function lastName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  if (ts.isParenthesizedExpression(expression)) return lastName(expression.expression);
  return null;
}

/** Parameters and variables declared with an executor's type, whatever their name (`t: Transaction`). */
function executorNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      (ts.isParameter(node) || ts.isVariableDeclaration(node)) &&
      ts.isIdentifier(node.name) &&
      node.type &&
      ts.isTypeReferenceNode(node.type) &&
      EXECUTOR_TYPES.test(node.type.typeName.getText())
    ) {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}
