// NOT Canton's source: a minimal stand-in written for ledger-conformance (see daml/engine/README.md). Canton's
// TracedLogger is scala-logging's LoggerTakingImplicit[TraceContext]; this one has the methods the engine calls.
package com.digitalasset.canton.logging

import com.digitalasset.canton.tracing.TraceContext
import org.slf4j.Logger

final class TracedLogger(val underlying: Logger) {
  def trace(message: => String)(implicit traceContext: TraceContext): Unit =
    if (underlying.isTraceEnabled) underlying.trace(message)
  def trace(message: => String, throwable: Throwable)(implicit traceContext: TraceContext): Unit =
    if (underlying.isTraceEnabled) underlying.trace(message, throwable)
  def debug(message: => String)(implicit traceContext: TraceContext): Unit =
    if (underlying.isDebugEnabled) underlying.debug(message)
  def debug(message: => String, throwable: Throwable)(implicit traceContext: TraceContext): Unit =
    if (underlying.isDebugEnabled) underlying.debug(message, throwable)
  def info(message: => String)(implicit traceContext: TraceContext): Unit =
    if (underlying.isInfoEnabled) underlying.info(message)
  def info(message: => String, throwable: Throwable)(implicit traceContext: TraceContext): Unit =
    if (underlying.isInfoEnabled) underlying.info(message, throwable)
  def warn(message: => String)(implicit traceContext: TraceContext): Unit =
    if (underlying.isWarnEnabled) underlying.warn(message)
  def warn(message: => String, throwable: Throwable)(implicit traceContext: TraceContext): Unit =
    if (underlying.isWarnEnabled) underlying.warn(message, throwable)
  def error(message: => String)(implicit traceContext: TraceContext): Unit =
    if (underlying.isErrorEnabled) underlying.error(message)
  def error(message: => String, throwable: Throwable)(implicit traceContext: TraceContext): Unit =
    if (underlying.isErrorEnabled) underlying.error(message, throwable)
}

object TracedLogger {
  def apply(klass: Class[?], loggerFactory: NamedLoggerFactory): TracedLogger =
    new TracedLogger(loggerFactory.getLogger(klass))
}
