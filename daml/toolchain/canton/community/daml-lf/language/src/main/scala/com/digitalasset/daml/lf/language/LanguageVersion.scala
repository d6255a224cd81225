// Copyright (c) 2026 Digital Asset (Switzerland) GmbH and/or its affiliates. All rights reserved.
// SPDX-License-Identifier: Apache-2.0

package com.digitalasset.daml.lf
package language

import scala.math.Ordered.orderingToOrdered

final case class LanguageVersion private[lf] (
    major: LanguageVersion.Major,
    minor: LanguageVersion.Minor,
) extends Ordered[LanguageVersion] {

  def pretty = toString

  override def toString: String = s"${major.pretty}.${minor.pretty}"

  def isDevVersion: Boolean = minor.isDevVersion

  override def compare(that: LanguageVersion): Int =
    (this.major, this.minor).compare((that.major, that.minor))
}

object LanguageVersion extends LanguageFeaturesGenerated {
  // TODO[#22956]: get rid of hardcoded ranges
  lazy val allLfVersionsRange: VersionRange.Inclusive[LanguageVersion] = VersionRange(v2_1, v2_dev)
  lazy val stableLfVersionsRange: VersionRange.Inclusive[LanguageVersion] = VersionRange(v2_1, v2_3)
  lazy val earlyAccessLfVersionsRange: VersionRange.Inclusive[LanguageVersion] =
    VersionRange(v2_1, v2_3)

  def assertFromString(s: String): LanguageVersion = data.assertRight(fromString(s))

  def fromString(str: String): Either[String, LanguageVersion] =
    (allLegacyLfVersions ++ allLfVersions)
      .find(_.toString == str)
      .toRight(
        s"Failed to parse $str, it is not supported (supported non-legacy versions are $allLfVersions)"
      )

  // TODO: remove after https://github.com/digital-asset/daml/issues/22403
  def supportsPackageUpgrades(lv: LanguageVersion): Boolean =
    lv.major match {
      case Major.V2 => featurePackageUpgrades.enabledIn(lv)
      case Major.V1 => lv >= LegacyFeatures.packageUpgrades
    }

  // TODO: remove after feature https://github.com/digital-asset/daml/issues/22403
  def allUpToVersion(version: LanguageVersion): VersionRange.Inclusive[LanguageVersion] =
    version.major match {
      case Major.V2 => VersionRange(v2_1, version)
      case _ => throw new IllegalArgumentException(s"${version.major.pretty} not supported")
    }

  sealed abstract class Major(val major: Int)
      extends Product
      with Serializable
      with Ordered[Major] {
    val pretty = major.toString

    override def compare(that: Major): Int = this.pretty.compare(that.pretty)
  }

  sealed abstract class Minor extends Product with Serializable with Ordered[Minor] {
    val toProtoIdentifier: String = pretty

    def pretty: String

    def isDevVersion: Boolean = false

    override def compare(that: Minor): Int = (this, that) match {
      // Dev > Staging > Stable
      case (Minor.Dev, Minor.Dev) => 0
      case (Minor.Dev, _) => 1
      case (_, Minor.Dev) => -1

      case (Minor.Staging(a, rca), Minor.Staging(b, rcb)) => (a, rca).compare((b, rcb))
      case (Minor.Staging(a, _), Minor.Stable(b)) => if (a <= b) -1 else 1
      case (Minor.Stable(a), Minor.Staging(b, _)) => if (a < b) -1 else 1

      case (Minor.Stable(a), Minor.Stable(b)) => a.compare(b)
    }
  }

  final case class Feature(
      name: String,
      versionRange: VersionRange[LanguageVersion],
  ) {
    def enabledIn(lv: LanguageVersion): Boolean = versionRange.contains(lv)
  }

  object Major {
    private val allMajors = List(V1, V2)

    def fromString(str: String): Either[String, Major] =
      allMajors
        .find(_.pretty == str)
        .toRight(s"$str is not supported, supported majors: $allMajors")

    case object V1 extends Major(1)

    case object V2 extends Major(2)

  }

  sealed abstract class MinorParseFailure extends Product with Serializable {
    def message: String
    override def toString: String = message
  }

  object MinorParseFailure {
    // Staging-specific failiure (revision not found but other revisions for the same staging version exist)
    final case class UnknownRevision(
        stagingMinor: Int,
        requestedRevision: Int,
        validRevisions: Seq[Int],
    ) extends MinorParseFailure {
      override def message: String = {
        val base =
          s"unknown revision, tried to parse $stagingMinor-rc$requestedRevision, valid revisions are ${validRevisions
              .map(r => s"$stagingMinor-rc$r")}"
        if (requestedRevision > validRevisions.max)
          base + ". Trying to parse a revision newer than known by the decoder. Likely cause: decoding a DAR produced by a compiler newer than the decoder"
        else if (requestedRevision < validRevisions.min)
          base + ". Trying to parse a revision older than known by the decoder. Likely cause: decoding a DAR produced by a compiler older than the decoder"
        else
          base
      }
    }

    final case class MinorDiscontinued(input: String) extends MinorParseFailure {
      override def message: String =
        s"$input is not supported because it was discontinued, supported minors: ${(allLfVersions ++ allLegacyLfVersions)
            .map(_.minor)}"
    }

    // MinorNotFound is the default/fallthrough case
    final case class MinorNotFound(input: String) extends MinorParseFailure {
      override def message: String =
        s"$input is not supported, supported minors: ${(allLfVersions ++ allLegacyLfVersions).map(_.minor)}"
    }
  }

  private val stagingPattern = """(\d+)-rc(\d+)""".r

  object Minor {
    def fromString(str: String): Either[MinorParseFailure, Minor] = {
      val allMinors = (allLfVersions ++ allLegacyLfVersions).map(_.minor)
      allMinors
        .find(_.pretty == str)
        .toRight(())
        .left
        .map { _ =>
          // heuristics for detecting parse failures go here. Since parsing already failed, any logic here cannot
          // increase the number of supported versions, but can only provide better error messages for unsupported
          // versions.
          // 1. try to find it in discontinued versions
          if (discontinuedLfVersions.map(_.minor).exists(_.pretty == str))
            MinorParseFailure.MinorDiscontinued(str)
          else
            // 2. see if we can find other revisions for the same staging version
            str match {
              case stagingPattern(nStr, mStr) =>
                val n = nStr.toInt
                val m = mStr.toInt
                val validRevisions = allMinors.collect {
                  case Minor.Staging(version, revision) if version == n => revision
                }
                if (validRevisions.nonEmpty)
                  MinorParseFailure.UnknownRevision(n, m, validRevisions)
                else
                  MinorParseFailure.MinorNotFound(str)
              case _ =>
                MinorParseFailure.MinorNotFound(str)
            }
        }
    }

    @throws[IllegalArgumentException]
    def assertParsingSuccessful(result: Either[MinorParseFailure, Minor]): Minor =
      result.fold(f => throw new IllegalArgumentException(f.message), identity)

    final case class Stable(version: Int) extends Minor {
      override def pretty: String = version.toString
    }

    final case class Staging(version: Int, revision: Int) extends Minor {
      override def pretty: String = s"$version-rc$revision"
    }

    case object Dev extends Minor {
      override def pretty: String = "dev"

      override def isDevVersion: Boolean = true
    }
  }
}
