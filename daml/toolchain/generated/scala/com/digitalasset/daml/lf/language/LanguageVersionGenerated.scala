package com.digitalasset.daml.lf.language

import com.digitalasset.daml.lf.language.LanguageVersion
import com.digitalasset.daml.lf.language.LanguageVersion.*

trait LanguageVersionGenerated {
  val v2_1: LanguageVersion = LanguageVersion(Major.V2, Minor.Stable(1))
  val v2_2: LanguageVersion = LanguageVersion(Major.V2, Minor.Stable(2))
  val v2_3: LanguageVersion = LanguageVersion(Major.V2, Minor.Stable(3))
  val v2_dev: LanguageVersion = LanguageVersion(Major.V2, Minor.Dev)
  val defaultLfVersion: LanguageVersion = LanguageVersion(Major.V2, Minor.Stable(2))
  val devLfVersion: LanguageVersion = LanguageVersion(Major.V2, Minor.Dev)
  val latestStableLfVersion: LanguageVersion = LanguageVersion(Major.V2, Minor.Stable(3))
  val allLfVersions: List[LanguageVersion] = List(LanguageVersion(Major.V2, Minor.Stable(1)), LanguageVersion(Major.V2, Minor.Stable(2)), LanguageVersion(Major.V2, Minor.Stable(3)), LanguageVersion(Major.V2, Minor.Dev))
  val discontinuedLfVersions: List[LanguageVersion] = List(LanguageVersion(Major.V2, Minor.Staging(3, 1)), LanguageVersion(Major.V2, Minor.Staging(3, 2)))
  val stableLfVersions: List[LanguageVersion] = List(LanguageVersion(Major.V2, Minor.Stable(1)), LanguageVersion(Major.V2, Minor.Stable(2)), LanguageVersion(Major.V2, Minor.Stable(3)))
  val compilerInputLfVersions: List[LanguageVersion] = List(LanguageVersion(Major.V2, Minor.Stable(1)), LanguageVersion(Major.V2, Minor.Stable(2)), LanguageVersion(Major.V2, Minor.Stable(3)), LanguageVersion(Major.V2, Minor.Dev))
  val compilerOutputLfVersions: List[LanguageVersion] = List(LanguageVersion(Major.V2, Minor.Stable(1)), LanguageVersion(Major.V2, Minor.Stable(2)), LanguageVersion(Major.V2, Minor.Stable(3)), LanguageVersion(Major.V2, Minor.Dev))
  val compilerLfVersions: List[LanguageVersion] = List(LanguageVersion(Major.V2, Minor.Stable(1)), LanguageVersion(Major.V2, Minor.Stable(2)), LanguageVersion(Major.V2, Minor.Stable(3)), LanguageVersion(Major.V2, Minor.Dev))
  val earlyAccessLfVersions: List[LanguageVersion] = List(LanguageVersion(Major.V2, Minor.Stable(1)), LanguageVersion(Major.V2, Minor.Stable(2)), LanguageVersion(Major.V2, Minor.Stable(3)))
}

