import ts from 'typescript';

/** A declaration at the top of a module that can hold state between calls: `let`, a zustand store, a Map or Set. */
export interface ModuleState {
  name: string;
  kind: 'let' | 'store' | 'collection';
}

const storeFactories = new Set(['create', 'createStore']);
const collections = new Set(['Map', 'WeakMap', 'Set', 'WeakSet']);

/** What a store or collection is called with: `create<S>()(…)` and `create(…)` alike. */
function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isCallExpression(expression)) return calleeName(expression.expression);
  if (ts.isIdentifier(expression)) return expression.text;
  return undefined;
}

// A collection typed read-only (`ReadonlySet`, `ReadonlyMap`) is a lookup table, not state.
const readOnly = (declaration: ts.VariableDeclaration) =>
  /^Readonly(Set|Map)\b/.test(declaration.type?.getText() ?? '');

/** The module-level state a source file declares (its top-level statements only). */
export function moduleState(path: string, text: string): ModuleState[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: ModuleState[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const mutable = (list.flags & ts.NodeFlags.Let) !== 0 || (list.flags & ts.NodeFlags.Const) === 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText(source);
      if (mutable) {
        found.push({ name, kind: 'let' });
        continue;
      }
      const init = declaration.initializer;
      if (!init) continue;
      if (ts.isNewExpression(init) && collections.has(calleeName(init.expression) ?? '') && !readOnly(declaration))
        found.push({ name, kind: 'collection' });
      else if (ts.isCallExpression(init) && storeFactories.has(calleeName(init) ?? ''))
        found.push({ name, kind: 'store' });
    }
  }
  return found;
}
