import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Whether evaluating an expression may run code (a call, a `new`, a spread, a template): not counting the functions it defines. */
function runsCode(node: Node): boolean {
  if (/Function|Class/.test(node.type)) return false;
  if (/^(CallExpression|NewExpression|SpreadElement|TemplateLiteral|TaggedTemplateExpression)$/.test(node.type)) return true;
  return Object.entries(node).some(
    ([key, value]) => key !== 'type' && (Array.isArray(value) ? value : [value]).some((child) => isNode(child) && runsCode(child)),
  );
}

/**
 * Issue 30: the contracts build their schemas at their modules' top level (`export const X = v.object({...})`, or
 * through a helper of theirs, `listQuerySchema(...)`). The bundler must keep a call it cannot prove harmless, so
 * importing one constant of a module (a list of statuses) brought every schema of the module, the modules those use,
 * and valibot, into the browser's first download. No top-level statement of the contracts does anything but define
 * constants (the lint rule below says so): this marks the computation of each top-level constant as pure, and the bundler
 * drops the ones no code uses.
 */
export function pureContracts(): Plugin {
  return {
    name: 'lucid-pure-contracts',
    transform: {
      filter: { id: /\/contracts\/src\/[\w/-]+\.ts$/ },
      handler(code, id) {
        if (id.includes('/node_modules/') || id.endsWith('.test.ts')) return;
        const program = this.parse(code) as unknown as { body: Node[] };
        const s = new MagicString(code);
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations as Node[]) {
            const init = declarator.init;
            if (!isNode(init) || !runsCode(init)) continue;
            // The value computed by a function called at once, as before, and marked pure as a whole (arguments,
            // spreads and templates included): a bare call's arguments would be kept.
            s.appendLeft(init.start, '/* @__PURE__ */ (() => (');
            s.appendRight(init.end, '))()');
          }
        }
        return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: 'boundary', source: id }) } : undefined;
      },
    },
  };
}
