// NOT Canton's source: a minimal stand-in written for ledger-conformance (see daml/engine/README.md). Canton's
// TraceContext (community/util-observability) carries an OpenTelemetry context; the Daml-LF engine only passes it on
// to its loggers, so this one carries nothing but an optional trace id.
package com.digitalasset.canton.tracing

final case class TraceContext(traceId: Option[String])

object TraceContext {
  val empty: TraceContext = TraceContext(None)
}
