/**
 * Coverage for the stateful sequences (issue 27): a list of steps that every drawn sequence holds, one of each variant an
 * operation has (each step's own parameters still drawn), so every run reaches every variant whatever its seed and
 * `--cases`; and that fast-check can still shrink away. `coverage(parts)` generates one value of each part, in order; its
 * shrinks first drop one step (the shortest failing sequence keeps only the steps the failure needs), then shrink a step's
 * own parameters. Deterministic, so a failure's path replays it (`ledger-conformance replay`).
 */
import fc from 'fast-check';

interface Step<T> {
  part: number;
  value: fc.Value<T>;
}

function listValue<T>(steps: Step<T>[]): fc.Value<T[]> {
  return new fc.Value(
    steps.map((step) => step.value.value_),
    steps,
  );
}

class CoverageArbitrary<T> extends fc.Arbitrary<T[]> {
  constructor(private readonly parts: readonly fc.Arbitrary<T>[]) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    return listValue(this.parts.map((arbitrary, part) => ({ part, value: arbitrary.generate(random, biasFactor) })));
  }

  canShrinkWithoutContext(_value: unknown): _value is T[] {
    return false;
  }

  shrink(_value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    const steps = context as Step<T>[] | undefined;
    if (steps === undefined) return fc.Stream.nil();
    const parts = this.parts;
    function* shrinks(): IterableIterator<fc.Value<T[]>> {
      for (let index = 0; index < steps!.length; index++) yield listValue([...steps!.slice(0, index), ...steps!.slice(index + 1)]);
      for (let index = 0; index < steps!.length; index++) {
        const step = steps![index]!;
        for (const smaller of parts[step.part]!.shrink(step.value.value_, step.value.context))
          yield listValue([...steps!.slice(0, index), { part: step.part, value: smaller }, ...steps!.slice(index + 1)]);
      }
    }
    return fc.stream(shrinks());
  }
}

/** Every drawn list holds one value of each part, in order; shrinking drops steps, then shrinks each step. */
export function coverage<T>(parts: readonly fc.Arbitrary<T>[]): fc.Arbitrary<T[]> {
  return new CoverageArbitrary(parts);
}
