// Copyright (c) 2026 Digital Asset (Switzerland) GmbH and/or its affiliates. All rights reserved.
// SPDX-License-Identifier: Apache-2.0

package com.daml.scalautil

object TraverseFMSyntax {
  implicit final class `TraverseFM Ops`[T[_], A](private val self: T[A]) extends AnyVal {

    import scalaz.syntax.traverse.*
    import scalaz.{Free, Monad, NaturalTransformation, Traverse}

    /** Like `traverse`, but guarantees that
      *
      *   - `f` is evaluated left-to-right, and
      *   - `B` from the preceding element is evaluated before `f` is invoked for the subsequent
      *     `A`.
      */
    def traverseFM[F[_]: Monad, B](f: A => F[B])(implicit T: Traverse[T]): F[T[B]] =
      self
        .traverse(a => Free suspend (Free liftF f(a)))
        .foldMap(NaturalTransformation.refl)
  }
}
