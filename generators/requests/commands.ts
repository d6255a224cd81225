/**
 * The four commands of submit-and-wait, over the fixture templates.
 *
 * `accepted` commands are the ones a node can run without any prior ledger state: creates, and
 * create-and-exercise of a choice the acting parties control. Exercise and exercise-by-key need a live
 * contract (or key), so they are only `schema`-valid here; suites that hold a contract id build them
 * with `exerciseCommandOn`.
 */
import fc from 'fast-check';
import { createArguments, recordValue, withFreshKeys, type PartyPool, type TemplateDescription } from '../daml-values.js';
import { knownIdentifier, packageIdOf, qualifiedIdentifier } from '../primitives/identifiers.js';
import { ledgerString, nameString } from '../primitives/strings.js';
import type { Mode } from '../primitives/unions.js';

export const COMMAND_VARIANTS = ['CreateAndExerciseCommand', 'CreateCommand', 'ExerciseByKeyCommand', 'ExerciseCommand'] as const;
export type CommandVariant = (typeof COMMAND_VARIANTS)[number];

export type Command = { [variant in CommandVariant]?: Record<string, unknown> };

export interface CommandContext {
  templates: TemplateDescription[];
  /** Package id of the templates, for the package-id reference format. */
  packageId: string;
  /** Package ids by package name, for templates and interfaces of other packages (the suite's DARs). */
  packageIds?: Readonly<Record<string, string>>;
  /** An interface one of the templates implements, when the fixtures name one. */
  interfaceId?: string;
  parties: PartyPool;
}

function templateIdFor(template: TemplateDescription, context: CommandContext, mode: Mode): fc.Arbitrary<string> {
  const known = knownIdentifier(template.templateId, packageIdOf(template.templateId, context.packageIds ?? {}, context.packageId));
  // Schema-valid commands may also name templates the target does not have.
  return mode === 'accepted' ? known : fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: qualifiedIdentifier() });
}

/**
 * One arbitrary per matching template, built once: `oneof` over prebuilt arbitraries generates far
 * faster than a `chain` that rebuilds them for every value.
 */
function perTemplate(
  context: CommandContext,
  predicate: (template: TemplateDescription) => boolean,
  build: (template: TemplateDescription) => fc.Arbitrary<Command>,
): fc.Arbitrary<Command> {
  const matching = context.templates.filter(predicate);
  if (matching.length === 0) throw new Error('generators: no fixture template fits this command (check fixtureTemplates)');
  return fc.oneof(...matching.map(build));
}

/** A choice of `template` with a well-typed argument. */
function choiceOf(template: TemplateDescription, parties: PartyPool, mode: Mode) {
  return fc.oneof(
    ...Object.entries(template.choices).map(([choice, description]) =>
      recordValue(description.argument, parties, { mode }).map((choiceArgument) => ({ choice, choiceArgument })),
    ),
  );
}

export function createCommand(context: CommandContext, mode: Mode): fc.Arbitrary<Command> {
  return perTemplate(
    context,
    () => true,
    (template) =>
      fc
        .record({
          templateId: templateIdFor(template, context, mode),
          createArguments: createArguments(template, context.parties, { mode }),
        })
        .map((fields) => ({ CreateCommand: fields })),
  );
}

export function createAndExerciseCommand(context: CommandContext, mode: Mode): fc.Arbitrary<Command> {
  return perTemplate(
    context,
    () => true,
    (template) =>
      fc
        .tuple(
          templateIdFor(template, context, mode),
          createArguments(template, context.parties, { mode }),
          choiceOf(template, context.parties, mode),
        )
        .map(([templateId, createArgumentsValue, { choice, choiceArgument }]) => ({
          CreateAndExerciseCommand: { templateId, createArguments: createArgumentsValue, choice, choiceArgument },
        })),
  );
}

export function exerciseByKeyCommand(context: CommandContext, mode: Mode): fc.Arbitrary<Command> {
  return perTemplate(
    context,
    (template) => template.key !== undefined,
    (template) =>
      fc
        .tuple(
          templateIdFor(template, context, mode),
          recordValue(template.key!, context.parties, { mode }),
          choiceOf(template, context.parties, mode),
        )
        .map(([templateId, contractKey, { choice, choiceArgument }]) => ({
          ExerciseByKeyCommand: { templateId, contractKey, choice, choiceArgument },
        })),
  );
}

/** Exercise on a template, or on the interface (an interface choice, any Daml name here). */
export function exerciseCommand(context: CommandContext, mode: Mode): fc.Arbitrary<Command> {
  const onTemplate = perTemplate(
    context,
    () => true,
    (template) =>
      fc
        .tuple(templateIdFor(template, context, mode), ledgerString(), choiceOf(template, context.parties, mode))
        .map(([templateId, contractId, { choice, choiceArgument }]) => ({
          ExerciseCommand: { templateId, contractId, choice, choiceArgument },
        })),
  );
  if (context.interfaceId === undefined) return onTemplate;
  const onInterface = fc
    .tuple(
      knownIdentifier(context.interfaceId, packageIdOf(context.interfaceId, context.packageIds ?? {}, context.packageId)),
      ledgerString(),
      nameString(),
    )
    .map(([templateId, contractId, choice]) => ({ ExerciseCommand: { templateId, contractId, choice, choiceArgument: {} } }));
  return fc.oneof({ weight: 3, arbitrary: onTemplate }, { weight: 1, arbitrary: onInterface });
}

/** An exercise of `choice` on a contract the caller knows to be live. */
export function exerciseCommandOn(
  templateId: string,
  contractId: string,
  choice: string,
  choiceArgument: Record<string, unknown>,
): Command {
  return { ExerciseCommand: { templateId, contractId, choice, choiceArgument } };
}

const byVariant = {
  CreateAndExerciseCommand: createAndExerciseCommand,
  CreateCommand: createCommand,
  ExerciseByKeyCommand: exerciseByKeyCommand,
  ExerciseCommand: exerciseCommand,
} satisfies Record<CommandVariant, (context: CommandContext, mode: Mode) => fc.Arbitrary<Command>>;

export function commandOfVariant(variant: CommandVariant, context: CommandContext, mode: Mode): fc.Arbitrary<Command> {
  return byVariant[variant](context, mode);
}

/** Any command valid in `mode`: all four variants for `schema`, the two stateless ones for `accepted`. */
export function command(context: CommandContext, mode: Mode): fc.Arbitrary<Command> {
  const keyed = context.templates.some((template) => template.key !== undefined);
  const variants: CommandVariant[] =
    mode === 'accepted'
      ? ['CreateCommand', 'CreateAndExerciseCommand']
      : COMMAND_VARIANTS.filter((variant) => keyed || variant !== 'ExerciseByKeyCommand');
  return fc.oneof(...variants.map((variant) => commandOfVariant(variant, context, mode)));
}

/** `#package-name:Module:Entity` or `<package-id>:Module:Entity` without its package reference. */
function qualifiedName(templateIdValue: string): string {
  return templateIdValue.slice(templateIdValue.indexOf(':') + 1);
}

/**
 * The commands with fresh key texts in every create of a keyed template (see `primitives/fresh-ids.ts`
 * for why a request generator applies this last).
 */
export function withFreshContractKeys(commands: Command[], templates: TemplateDescription[]): Command[] {
  const byName = new Map(templates.map((template) => [qualifiedName(template.templateId), template]));
  return commands.map((entry) => {
    const [variant, fields] = Object.entries(entry)[0] as [CommandVariant, Record<string, unknown>];
    const template = byName.get(qualifiedName(String(fields['templateId'])));
    const createArgumentsValue = fields['createArguments'] as Record<string, unknown> | undefined;
    if (template === undefined || createArgumentsValue === undefined) return entry;
    return { [variant]: { ...fields, createArguments: withFreshKeys(template, createArgumentsValue) } };
  });
}
