/**
 * Ledger semantics, part 2 (what a command does): the error taxonomy as data, deduplication, explicit disclosure,
 * external signing under attack, commands and values, as Canton 3.5 behaves (canton profile). Each clause cites
 * the Canton source (branch 3.5-open-source-2026-06-10.13) that decides it.
 */
import { cantonGroup } from './define.js';

const errors = cantonGroup({ section: 'Errors > Canton error taxonomy', resource: 'JsCantonError' });

export const semanticsCommandsClauses = [
  errors(
    'canton.errors.code-taxonomy',
    'error',
    "An error body naming a code Canton 3.5 defines carries that code's category as errorCategory, the category's " +
      'gRPC code as grpcCodeValue and a retryInfo exactly when the category is retryable (JsSchema.scala:360 ' +
      'JsCantonError.fromErrorCode takes all three from damlError.code.category; categories in ' +
      'base/errors/src/main/scala/com/digitalasset/base/error/ErrorCategory.scala; the codes and their definitions ' +
      'in specification/error-codes.ts).',
  ),
];
