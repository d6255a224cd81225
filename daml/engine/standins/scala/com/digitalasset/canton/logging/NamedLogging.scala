// NOT Canton's source: a minimal stand-in written for ledger-conformance (see daml/engine/README.md), with the members
// of Canton's NamedLogging, NamedLoggingContext, LoggerNameFromClass, HasLoggerName and ErrorLoggingContext
// (community/util-observability) that the Daml-LF engine and interpreter use.
package com.digitalasset.canton.logging

import com.digitalasset.canton.tracing.TraceContext

trait NamedLogging {
  protected def loggerFactory: NamedLoggerFactory
  protected def classForLogger: Class[?] = getClass
  private[this] lazy val theLogger: TracedLogger = TracedLogger(classForLogger, loggerFactory)
  protected def logger: TracedLogger = theLogger
  protected def noTracingLogger: org.slf4j.Logger = theLogger.underlying

  protected implicit def errorLoggingContext(implicit traceContext: TraceContext): ErrorLoggingContext =
    ErrorLoggingContext(theLogger, loggerFactory.properties, traceContext)

  protected implicit def namedLoggingContext(implicit traceContext: TraceContext): NamedLoggingContext =
    NamedLoggingContext(loggerFactory, traceContext)
}

final case class NamedLoggingContext(loggerFactory: NamedLoggerFactory, traceContext: TraceContext) {
  def trace(message: => String)(implicit loggerNameFromClass: LoggerNameFromClass): Unit =
    tracedLogger.trace(message)(traceContext)
  def debug(message: => String)(implicit loggerNameFromClass: LoggerNameFromClass): Unit =
    tracedLogger.debug(message)(traceContext)
  def info(message: => String)(implicit loggerNameFromClass: LoggerNameFromClass): Unit =
    tracedLogger.info(message)(traceContext)
  def warn(message: => String)(implicit loggerNameFromClass: LoggerNameFromClass): Unit =
    tracedLogger.warn(message)(traceContext)
  def error(message: => String)(implicit loggerNameFromClass: LoggerNameFromClass): Unit =
    tracedLogger.error(message)(traceContext)
  def tracedLogger(implicit loggerClass: LoggerNameFromClass): TracedLogger =
    TracedLogger(loggerClass.klass, loggerFactory)
}

final class LoggerNameFromClass(val klass: Class[?]) extends AnyVal

trait HasLoggerName extends Any {
  protected implicit def loggerNameFromThisClass: LoggerNameFromClass = new LoggerNameFromClass(getClass)

  protected implicit def errorLoggingContextFromNamedLoggingContext(implicit
      loggingContext: NamedLoggingContext
  ): ErrorLoggingContext =
    ErrorLoggingContext(loggingContext.tracedLogger, loggingContext.loggerFactory.properties, loggingContext.traceContext)
}

trait ErrorLoggingContext {
  def logger: TracedLogger
  def properties: Map[String, String]
  def traceContext: TraceContext
  def trace(message: String): Unit = logger.trace(message)(traceContext)
  def debug(message: String): Unit = logger.debug(message)(traceContext)
  def info(message: String): Unit = logger.info(message)(traceContext)
  def warn(message: String): Unit = logger.warn(message)(traceContext)
  def error(message: String): Unit = logger.error(message)(traceContext)
  def error(message: String, throwable: Throwable): Unit = logger.error(message, throwable)(traceContext)
}

object ErrorLoggingContext {
  private final case class Simple(logger: TracedLogger, properties: Map[String, String], traceContext: TraceContext)
      extends ErrorLoggingContext

  def apply(logger: TracedLogger, properties: Map[String, String], traceContext: TraceContext): ErrorLoggingContext =
    Simple(logger, properties, traceContext)
}
