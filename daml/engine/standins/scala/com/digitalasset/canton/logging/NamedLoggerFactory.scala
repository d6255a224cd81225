// NOT Canton's source: a minimal stand-in written for ledger-conformance (see daml/engine/README.md), with the members
// of Canton's NamedLoggerFactory (community/util-observability) that the Daml-LF engine uses. Logs through slf4j.
package com.digitalasset.canton.logging

import org.slf4j.{Logger, LoggerFactory}

trait NamedLoggerFactory {
  def name: String
  def properties: Map[String, String]
  def getLogger(klass: Class[?]): Logger =
    LoggerFactory.getLogger(if (name.isEmpty) klass.getName else s"${klass.getName}:$name")
}

object NamedLoggerFactory {
  private final case class Simple(name: String, properties: Map[String, String]) extends NamedLoggerFactory

  val root: NamedLoggerFactory = Simple("", Map.empty)
  def apply(key: String, value: String): NamedLoggerFactory = Simple(s"$key=$value", Map(key -> value))
}
