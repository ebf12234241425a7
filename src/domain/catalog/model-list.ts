import { z } from 'zod';

// The server's model list (GET /v1/llm_models). Current servers may list model routers beside the models
// (CURRENT-SERVERS.md §7): `is_router: true` and four tiers, each naming a model. Only `is_router`, `tiers` and
// `default` are known names; the tiers may come as an object keyed by tier or as a list of {tier, model}.

/** The tiers a router has, in the order they are read. */
const routerTierOrder = ['simple', 'medium', 'complex', 'reasoning'] as const;

export interface RouterTier {
  tier: string;
  model: string;
}

const text = z.string().trim().min(1);
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

/** The model a tier names: a name, or an object that holds one. */
function modelNamed(value: unknown): string | undefined {
  const named = text.safeParse(value);
  if (named.success) return named.data;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['model', 'base_name', 'llm_model', 'name']) {
    const inner = text.safeParse(record[key]);
    if (inner.success) return inner.data;
  }
  return undefined;
}

/** A router's tiers, however they are sent; what cannot be read is left out. Known tiers first, in their order. */
function readTiers(raw: unknown): RouterTier[] {
  const read: RouterTier[] = [];
  if (Array.isArray(raw)) {
    for (const item of raw as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const record = item as Record<string, unknown>;
      const tier = text.safeParse(record['tier'] ?? record['name']);
      const model = modelNamed(record['model'] ?? record['base_name'] ?? record['llm_model']);
      if (tier.success && model) read.push({ tier: tier.data, model });
    }
  } else if (typeof raw === 'object' && raw !== null) {
    for (const [tier, value] of Object.entries(raw)) {
      const model = modelNamed(value);
      if (tier.trim() && model) read.push({ tier: tier.trim(), model });
    }
  }
  const rank = (tier: string) => {
    const at = (routerTierOrder as readonly string[]).indexOf(tier.toLowerCase());
    return at === -1 ? routerTierOrder.length : at;
  };
  // A tier named twice keeps its first model.
  const once = read.filter(({ tier }, at) => read.findIndex((other) => other.tier === tier) === at);
  return once.sort((a, b) => rank(a.tier) - rank(b.tier));
}

const llmModelSchema = z.object({
  base_name: text,
  label: optionalText,
  provider: optionalText,
  default: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  enabled: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  is_router: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  tiers: z
    .unknown()
    .optional()
    .transform((value) => readTiers(value)),
});
type LlmModel = z.output<typeof llmModelSchema>;

/** The list, entry by entry: one the console cannot read (or a second of the same name) is skipped, not fatal. */
export const llmModelListSchema = z.array(z.unknown()).transform((entries) => {
  const names = new Set<string>();
  return entries.flatMap((entry) => {
    const parsed = llmModelSchema.safeParse(entry);
    if (!parsed.success || names.has(parsed.data.base_name)) return [];
    names.add(parsed.data.base_name);
    return [parsed.data];
  });
});

export interface ModelChoice {
  /** Sent as llmModel: the base_name, for a router as for a model. */
  value: string;
  label: string;
  isDefault: boolean;
  /** A router's tiers (empty for a model, and for a router that lists none). */
  tiers: RouterTier[];
}

/** "Routes: simple → gpt-4.1-mini, medium → gpt-4.1, …", or undefined when the router lists no tier. */
export function describeRoutes(tiers: readonly RouterTier[]): string | undefined {
  if (tiers.length === 0) return undefined;
  return `Routes: ${tiers.map(({ tier, model }) => `${tier} → ${model}`).join(', ')}`;
}

/** The enabled entries, models apart from routers, each in the server's order. */
export function groupModels(list: readonly LlmModel[]): { models: ModelChoice[]; routers: ModelChoice[] } {
  const models: ModelChoice[] = [];
  const routers: ModelChoice[] = [];
  for (const entry of list) {
    if (!entry.enabled) continue;
    const choice = {
      value: entry.base_name,
      label: entry.label ?? entry.base_name,
      isDefault: entry.default,
      tiers: entry.is_router ? entry.tiers : [],
    };
    (entry.is_router ? routers : models).push(choice);
  }
  return { models, routers };
}
