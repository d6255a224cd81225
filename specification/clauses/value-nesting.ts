/**
 * Daml-LF's value nesting limit (100 levels) as Canton 3.5 enforces it, checked with the suite's own models
 * (daml/lf/nesting.lf: LAPITT's DeeplyNestedValue; daml/lf/keys.lf KeyNesting: a key of that depth), canton profile.
 * Sources: Canton branch 3.5-open-source-2026-06-10.13.
 */
import { cantonEndpointClauses } from './define.js';

const submitAndWait = cantonEndpointClauses('submit-and-wait', ['writes']);

const LAPITT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites';
const ENGINE = 'community/daml-lf/engine/src/main/scala/com/digitalasset/daml/lf/engine';
const LEVELS =
  'levels as Daml-LF counts them: the value itself is level 0 and each record field, variant argument, list element, ' +
  "optional content or map entry one level below its container, so that LAPITT's Nat `Z ()` nests 1, `S (Z ())` 2, and a " +
  'record holding a Nat of nesting n nests n + 1';

export const valueNestingClauses = [
  submitAndWait(
    'canton.values.nesting-limit-commands',
    'limit',
    'A value of a command nested up to 100 levels deep is accepted, and one nested 101 levels or deeper is refused 400 ' +
      "COMMAND_PREPROCESSING_FAILED by the engine's preprocessing, in each place a command carries a value: the create " +
      'argument of a CreateCommand and of a CreateAndExerciseCommand, the choice argument of an ExerciseCommand and of a ' +
      `CreateAndExerciseCommand (${LEVELS}) (${LAPITT}/v2_2/DeeplyNestedValueIT.scala:85, :92, :106, :118; ` +
      `${ENGINE}/refinement/ValueTranslator.scala:88 nesting > Value.MAXIMUM_NESTING; ${ENGINE}/Error.scala:129 ` +
      '"Provided value exceeds maximum nesting level of 100").',
  ),
  submitAndWait(
    'canton.values.nesting-limit-interpretation',
    'limit',
    'A value a choice makes nested up to 100 levels deep is accepted, and one nested deeper is refused 400 VALUE_NESTING ' +
      'when the interpreter writes it into the transaction: the argument of a contract a choice creates, the argument of ' +
      `a choice a choice exercises, and a choice's result (${LEVELS}) (${LAPITT}/v2_2/DeeplyNestedValueIT.scala:129, ` +
      ':144, :155; community/daml-lf/interpreter/src/main/scala/com/digitalasset/daml/lf/speedy/SValue.scala:71; ' +
      'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/CommandExecutionErrors.scala:824).',
  ),
  submitAndWait(
    'canton.keys.nesting-limit',
    'limit',
    'A contract key nested up to 100 levels deep is accepted: a choice creates a contract with it, and an ' +
      'ExerciseByKeyCommand carrying it finds that contract; a key the interpreter computes deeper is refused 400 ' +
      'VALUE_NESTING, and one nested deeper in an ExerciseByKeyCommand is refused 400 COMMAND_PREPROCESSING_FAILED by ' +
      `the engine's preprocessing (${LEVELS}) (${LAPITT}/v2_3/ContractKeysDeeplyNestedValueIT.scala:76, :89, :101, :114; ` +
      `${ENGINE}/refinement/CommandPreprocessor.scala:121). Needs the suite's conformance-keys DAR (Daml-LF 2.3).`,
  ),
];
