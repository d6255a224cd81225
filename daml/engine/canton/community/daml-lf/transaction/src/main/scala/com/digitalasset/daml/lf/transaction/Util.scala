// Copyright (c) 2026 Digital Asset (Switzerland) GmbH and/or its affiliates. All rights reserved.
// SPDX-License-Identifier: Apache-2.0

package com.digitalasset.daml.lf
package transaction

import scala.annotation.nowarn

object Util {

  import value.Value
  import value.Value._

  // Equivalent to serialization + unserialization.
  // Fails if :
  // - `value0` contains GenMap and version < 1.11
  def normalizeValue(
      value0: Value,
      version: SerializationVersion,
  ): Either[String, Value] =
    try {
      Right(assertNormalizeValue(value0, version))
    } catch {
      case e: IllegalArgumentException => Left(e.getMessage)
    }

  // unsafe version of `normalize`
  @throws[IllegalArgumentException]
  @nowarn(raw"msg=parameter version in method assertNormalizeValue is never used")
  def assertNormalizeValue(
      value0: Value,
      version: SerializationVersion,
  ): Value = {

    def handleTypeInfo[X](x: Option[X]) = None

    def go(value: Value): Value =
      value match {
        case ValueEnum(tyCon, cons) =>
          ValueEnum(handleTypeInfo(tyCon), cons)
        case ValueRecord(tyCon, fields) =>
          ValueRecord(
            handleTypeInfo(tyCon),
            fields.map { case (fieldName, value) => handleTypeInfo(fieldName) -> go(value) },
          )
        case ValueVariant(tyCon, variant, value) =>
          ValueVariant(handleTypeInfo(tyCon), variant, go(value))
        case _: ValueCidLessAtom | _: ValueContractId => value
        case ValueList(values) =>
          ValueList(values.map(go))
        case ValueOptional(value) =>
          ValueOptional(value.map(go))
        case ValueTextMap(value) =>
          ValueTextMap(value.mapValue(go))
        case ValueGenMap(entries) =>
          ValueGenMap(entries.map { case (k, v) => go(k) -> go(v) })
      }

    go(value0)

  }

  def normalizeVersionedValue(
      value: VersionedValue
  ): Either[String, VersionedValue] =
    normalizeValue(value.unversioned, value.version).map(normalized => value.map(_ => normalized))

  def normalizeContract(
      contract: VersionedThinContractInstance
  ): Either[String, VersionedThinContractInstance] =
    normalizeValue(contract.unversioned.arg, contract.version)
      .map(normalized => contract.map(_.copy(arg = normalized)))

  def normalizeKey(
      key: GlobalKeyWithMaintainers,
      version: SerializationVersion,
  ): Either[String, GlobalKeyWithMaintainers] =
    normalizeValue(key.globalKey.key, version).map(normalized =>
      key.copy(globalKey =
        GlobalKey.assertBuild(
          key.globalKey.templateId,
          key.globalKey.packageName,
          normalized,
          key.globalKey.hash,
        )
      )
    )

  def normalizeOptKey(
      key: Option[GlobalKeyWithMaintainers],
      version: SerializationVersion,
  ): Either[String, Option[GlobalKeyWithMaintainers]] =
    key match {
      case Some(value) => normalizeKey(value, version).map(Some(_))
      case None => Right(None)
    }
}
