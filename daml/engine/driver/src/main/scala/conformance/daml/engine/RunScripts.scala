// Runs scripts of Ledger API commands through Canton 3.5's own Daml-LF engine (daml/engine/daml-lf-engine.jar) and
// prints each submission's transaction or error as JSON (ours, not Canton's: ledger-conformance's comparison driver).
//
//   java -cp <engine jar, toolchain jar, driver jar, dependencies> conformance.daml.engine.RunScripts < scripts.json
//
// Input (stdin): { "dars": [path...], "ledgerTime": "2026-01-01T00:00:00Z", "scripts": [ { "name": ...,
//   "submissions": [ { "actAs": [party...], "readAs": [party...], "commands": [ JSON API command... ] } ] } ] }
// A command is the JSON Ledger API's: {"CreateCommand": {templateId, createArguments}}, {"ExerciseCommand": {templateId,
// contractId, choice, choiceArgument}}, {"ExerciseByKeyCommand": {templateId, contractKey, choice, choiceArgument}},
// {"CreateAndExerciseCommand": {templateId, createArguments, choice, choiceArgument}}; templateId "#name:Module:Entity"
// or "packageId:Module:Entity"; values in the JSON API's encoding, read against the package's Daml-LF types. A
// submission's "names" name the contracts its transaction creates, in node order; a contract id "@name" is the contract
// of that name (of an earlier committed submission).
//
// Each script runs on an empty in-memory ledger: every submission goes through Engine.submit (Canton's participant
// parameters: contract id version V1, the NUCK contract state mode), whose questions are answered from that ledger
// (ResultNeedContract: an active contract a reader is a stakeholder of, as Canton's contract store answers;
// ResultNeedKey: the active contracts with the key a reader sees, most recent first; ResultNeedPackage: the DARs'
// packages). A successful transaction gets its local contract ids suffixed (as Canton's participant does), is
// enriched with type and field names (Canton's Enricher, trailing None fields left out as the JSON API writes them),
// printed and committed: its creates become active, its consuming exercises archive their contracts.
//
// Output (stdout): one JSON line per script: {"name", "results": [ {"ok": true, "roots": [...], "nodes": [...]} |
// {"ok": false, "error": {"class": engine error class path, "message": Canton's message}} ]}.
package conformance.daml.engine

import com.digitalasset.canton.logging.NamedLoggerFactory
import com.digitalasset.canton.tracing.TraceContext
import com.digitalasset.daml.lf.archive.DarDecoder
import com.digitalasset.daml.lf.command.{ApiCommand, ApiCommands}
import com.digitalasset.daml.lf.crypto.Hash
import com.digitalasset.daml.lf.data.{Bytes, FrontStack, ImmArray, Numeric, Ref, SortedLookupList, Time}
import com.digitalasset.daml.lf.engine.{
  Engine,
  EngineConfig,
  Error => EngineError,
  Result,
  ResultDone,
  ResultError,
  ResultInterruption,
  ResultNeedContract,
  ResultNeedKey,
  ResultNeedPackage,
  ResultPrefetch,
}
import com.digitalasset.daml.lf.engine.refinement.Enricher
import com.digitalasset.daml.lf.language.{Ast, LanguageVersion}
import com.digitalasset.daml.lf.transaction.{
  CreationTime,
  FatContractInstance,
  GlobalKey,
  NeedKeyProgression,
  NextGenContractStateMachine,
  Node,
  NodeId,
  VersionedTransaction,
}
import com.digitalasset.daml.lf.value.{ContractIdVersion, Value}
import com.digitalasset.daml.lf.value.Value.ContractId
import spray.json._

import java.io.File
import java.time.Instant
import scala.annotation.tailrec
import scala.collection.mutable

object RunScripts {
  private implicit val traceContext: TraceContext = TraceContext.empty

  final class Fail(message: String) extends RuntimeException(message)
  private def fail(message: String): Nothing = throw new Fail(message)

  def main(args: Array[String]): Unit = {
    val input = scala.io.Source.fromInputStream(System.in, "UTF-8").mkString.parseJson.asJsObject
    val darPaths = input.fields("dars").convertTo[Vector[String]](DefaultJsonProtocol.vectorFormat(DefaultJsonProtocol.StringJsonFormat))
    val ledgerTime =
      Time.Timestamp.assertFromInstant(Instant.parse(str(input.fields.getOrElse("ledgerTime", JsString("2026-01-01T00:00:00Z")))))

    val packages = mutable.LinkedHashMap.empty[Ref.PackageId, Ast.Package]
    val mains = mutable.ArrayBuffer.empty[Ref.PackageId]
    darPaths.foreach { path =>
      val dar = DarDecoder.readArchiveFromFile(new File(path)).fold(e => fail(s"cannot read $path: $e"), identity)
      dar.all.foreach { case (id, pkg) => packages.update(id, pkg) }
      mains += dar.main._1
    }
    val engine = new Engine(
      EngineConfig(allowedLanguageVersions = LanguageVersion.allLfVersions),
      NamedLoggerFactory.root,
    )
    packages.foreach { case (id, pkg) =>
      consume(engine.preloadPackage(id, pkg), Ledger.empty, Set.empty, packages).fold(e => fail(e.message), identity)
    }
    val enricher = Enricher(engine, addTrailingNoneFields = false)
    val iface = new Lookup(packages)
    val packageMap: Map[Ref.PackageId, (Ref.PackageName, Ref.PackageVersion)] = mains.iterator.flatMap { id =>
      packages(id).metadata match {
        case md => Some(id -> (md.name, md.version))
      }
    }.toMap
    // The highest version of each package name (Canton's default preference without one given).
    val preference: Set[Ref.PackageId] =
      packageMap.groupBy(_._2._1).values.map(_.maxBy(_._2._2)._1).toSet
    val byName: Map[Ref.PackageName, Ref.PackageId] =
      packageMap.iterator.filter(e => preference(e._1)).map { case (id, (name, _)) => name -> id }.toMap

    val out = new java.io.PrintWriter(new java.io.OutputStreamWriter(System.out, "UTF-8"))
    input.fields("scripts").asInstanceOf[JsArray].elements.foreach { scriptJson =>
      val script = scriptJson.asJsObject
      val ledger = Ledger.empty
      val results = script.fields("submissions").asInstanceOf[JsArray].elements.zipWithIndex.map { case (sub, index) =>
        val submission = sub.asJsObject
        val actAs = submission.fields("actAs").asInstanceOf[JsArray].elements.map(p => Ref.Party.assertFromString(str(p))).toSet
        val readAs = submission.fields.get("readAs").toList.flatMap(_.asInstanceOf[JsArray].elements).map(p => Ref.Party.assertFromString(str(p))).toSet
        val translator = new Translator(iface, byName, ledger)
        try {
          val commands = submission.fields("commands").asInstanceOf[JsArray].elements.map(translator.command)
          val submitted = engine.submit(
            packageMap = packageMap,
            packagePreference = preference,
            submitters = actAs,
            readAs = readAs,
            cmds = ApiCommands(ImmArray.from(commands), ledgerTime, s"${str(script.fields("name"))}-$index"),
            participantId = Ref.ParticipantId.assertFromString("conformance-participant"),
            submissionSeed = Hash.hashPrivateKey(s"${str(script.fields("name"))}-$index"),
            contractIdVersion = ContractIdVersion.V1,
            contractStateMode = NextGenContractStateMachine.Mode.NUCK,
            prefetchKeys = Seq.empty,
          )
          consume(submitted, ledger, actAs ++ readAs, packages) match {
            case Left(error) => errorJson(error)
            case Right((tx, _)) =>
              val suffixed = ledger.suffix(tx)
              val enriched = consume(enricher.enrichVersionedTransaction(suffixed), ledger, Set.empty, packages)
                .fold(e => fail(s"Enricher: ${e.message}"), identity)
              val before = ledger.created.size
              ledger.commit(suffixed, ledgerTime)
              submission.fields.get("names").toList.flatMap(_.asInstanceOf[JsArray].elements).map(str)
                .zip(ledger.created.drop(before))
                .foreach { case (name, cid) => ledger.named.update(name, cid) }
              transactionJson(enriched)
          }
        } catch {
          case e: Fail => JsObject("ok" -> JsFalse, "error" -> JsObject("class" -> JsString("driver"), "message" -> JsString(e.getMessage)))
        }
      }
      out.println(JsObject("name" -> script.fields("name"), "results" -> JsArray(results)).compactPrint)
    }
    out.flush()
  }

  private def str(json: JsValue): String = json match {
    case JsString(s) => s
    case other => fail(s"expected a JSON string, got $other")
  }

  /** The script's ledger: contracts in creation order, which are active, and the order they were created in. */
  final class Ledger {
    val contracts = mutable.LinkedHashMap.empty[ContractId, FatContractInstance]
    val archived = mutable.Set.empty[ContractId]
    val created = mutable.ArrayBuffer.empty[ContractId]
    val named = mutable.Map.empty[String, ContractId]
    private var suffixCounter = 0

    def visible(contract: FatContractInstance, readers: Set[Ref.Party]): Boolean =
      contract.stakeholders.exists(readers)

    def active(cid: ContractId, readers: Set[Ref.Party]): Option[FatContractInstance] =
      contracts.get(cid).filter(c => !archived(cid) && visible(c, readers))

    def byKey(key: GlobalKey, readers: Set[Ref.Party]): Vector[FatContractInstance] =
      contracts.valuesIterator
        .filter(c => !archived(c.contractId) && visible(c, readers) && c.contractKeyWithMaintainers.exists(_.globalKey == key))
        .toVector
        .reverse

    /** Local contract ids get a suffix, as Canton's participant gives them (any non-empty suffix). */
    def suffix(tx: VersionedTransaction): VersionedTransaction = {
      val suffixes = mutable.Map.empty[ContractId, ContractId]
      tx.mapCid {
        case local @ ContractId.V1(discriminator, suffix) if suffix.isEmpty =>
          suffixes.getOrElseUpdate(
            local, {
              suffixCounter += 1
              ContractId.V1.assertBuild(discriminator, Bytes.assertFromString(f"ca$suffixCounter%08x"))
            },
          )
        case other => other
      }
    }

    def commit(tx: VersionedTransaction, ledgerTime: Time.Timestamp): Unit =
      preOrder(tx).foreach {
        case (_, create: Node.Create) =>
          contracts.update(create.coid, FatContractInstance.fromCreateNode(create, CreationTime.CreatedAt(ledgerTime), Bytes.Empty))
          created += create.coid
        case (_, exercise: Node.Exercise) if exercise.consuming => archived += exercise.targetCoid
        case _ => ()
      }
  }
  object Ledger { def empty: Ledger = new Ledger }

  /** The nodes of `tx` in pre-order (the order of their node ids when no rollback reorders them). */
  def preOrder(tx: VersionedTransaction): Vector[(NodeId, Node)] = {
    val out = Vector.newBuilder[(NodeId, Node)]
    def go(id: NodeId): Unit = {
      val node = tx.nodes(id)
      out += id -> node
      node match {
        case e: Node.Exercise => e.children.foreach(go)
        case r: Node.Rollback => r.children.foreach(go)
        case _ => ()
      }
    }
    tx.roots.foreach(go)
    out.result()
  }

  /** Answers the engine's questions from the ledger, as Canton's StoreBackedCommandInterpreter does from its stores. */
  def consume[A](
      result: Result[A],
      ledger: Ledger,
      readers: Set[Ref.Party],
      packages: collection.Map[Ref.PackageId, Ast.Package],
  ): Either[EngineError, A] = {
    @tailrec def go(r: Result[A]): Either[EngineError, A] = r match {
      case ResultDone(x) => Right(x)
      case ResultError(e) => Left(e)
      case ResultInterruption(continue, _) => go(continue())
      case ResultPrefetch(_, _, resume) => go(resume())
      case ResultNeedPackage(id, resume) => go(resume(packages.get(id)))
      case ResultNeedContract(cid, resume) =>
        go(resume(ledger.active(cid, readers) match {
          case Some(contract) =>
            ResultNeedContract.Response.ContractFound(contract, Hash.HashingMethod.TypedNormalForm, _ => true)
          case None => ResultNeedContract.Response.ContractNotFound
        }))
      case ResultNeedKey(key, _, _, resume) =>
        val found = ledger.byKey(key, readers).map(c =>
          ResultNeedKey.Response.AuthenticableFatContractInstance(c, Hash.HashingMethod.TypedNormalForm, _ => true): ResultNeedKey.Response.ContractEntry
        )
        go(resume(ResultNeedKey.Response(found, NeedKeyProgression.Finished)))
    }
    go(result)
  }

  /** The module of a type constructor. */
  final class Lookup(packages: collection.Map[Ref.PackageId, Ast.Package]) {
    def module(id: Ref.TypeConId): Ast.Module =
      packages.get(id.packageId).flatMap(_.modules.get(id.qualifiedName.module)).getOrElse(fail(s"no module of $id"))
  }

  /** JSON API commands and values, read against the packages' Daml-LF types. */
  final class Translator(iface: Lookup, byName: Map[Ref.PackageName, Ref.PackageId], ledger: Ledger) {
    private def templateRef(text: String): (Ref.TypeConRef, Ref.TypeConId) = {
      val (pkg, qualified) = text.indexOf(':') match {
        case -1 => fail(s"bad template id $text")
        case i => (text.substring(0, i), text.substring(i + 1))
      }
      val qn = Ref.QualifiedName.assertFromString(qualified)
      if (pkg.startsWith("#")) {
        val name = Ref.PackageName.assertFromString(pkg.substring(1))
        val id = byName.getOrElse(name, fail(s"unknown package name $name"))
        (Ref.TypeConRef(Ref.PackageRef.Name(name), qn), Ref.TypeConId(id, qn))
      } else {
        val id = Ref.PackageId.assertFromString(pkg)
        (Ref.TypeConRef(Ref.PackageRef.Id(id), qn), Ref.TypeConId(id, qn))
      }
    }

    private def choiceArgType(tycon: Ref.TypeConId, choice: Ref.ChoiceName): Ast.Type = {
      val module = iface.module(tycon)
      module.templates
        .get(tycon.qualifiedName.name)
        .flatMap(_.choices.get(choice))
        .orElse(module.interfaces.get(tycon.qualifiedName.name).flatMap(_.choices.get(choice)))
        .getOrElse(fail(s"no choice $choice in $tycon"))
        .argBinder
        ._2
    }

    def command(json: JsValue): ApiCommand = json.asJsObject.fields.toList match {
      case List(("CreateCommand", body: JsObject)) =>
        val (ref, id) = templateRef(str(body.fields("templateId")))
        ApiCommand.Create(ref, value(Ast.TTyCon(id), body.fields("createArguments")))
      case List(("ExerciseCommand", body: JsObject)) =>
        val (ref, id) = templateRef(str(body.fields("templateId")))
        val choice = Ref.ChoiceName.assertFromString(str(body.fields("choice")))
        ApiCommand.Exercise(
          ref,
          contractId(str(body.fields("contractId"))),
          choice,
          value(choiceArgType(id, choice), body.fields("choiceArgument")),
        )
      case List(("ExerciseByKeyCommand", body: JsObject)) =>
        val (ref, id) = templateRef(str(body.fields("templateId")))
        val choice = Ref.ChoiceName.assertFromString(str(body.fields("choice")))
        val keyType = iface.module(id).templates.get(id.qualifiedName.name).flatMap(_.key).getOrElse(fail(s"no key in $id")).typ
        ApiCommand.ExerciseByKey(
          ref,
          value(keyType, body.fields("contractKey")),
          choice,
          value(choiceArgType(id, choice), body.fields("choiceArgument")),
        )
      case List(("CreateAndExerciseCommand", body: JsObject)) =>
        val (ref, id) = templateRef(str(body.fields("templateId")))
        val choice = Ref.ChoiceName.assertFromString(str(body.fields("choice")))
        ApiCommand.CreateAndExercise(
          ref,
          value(Ast.TTyCon(id), body.fields("createArguments")),
          choice,
          value(choiceArgType(id, choice), body.fields("choiceArgument")),
        )
      case other => fail(s"unknown command $other")
    }

    /** "@name": the contract of that name; anything else a contract id in hex. */
    def contractId(text: String): ContractId =
      if (text.startsWith("@")) ledger.named.getOrElse(text.substring(1), fail(s"no contract $text yet"))
      else ContractId.assertFromString(text)

    private def substitute(typ: Ast.Type, env: Map[Ref.Name, Ast.Type]): Ast.Type = typ match {
      case Ast.TVar(name) => env.getOrElse(name, typ)
      case Ast.TApp(f, a) => Ast.TApp(substitute(f, env), substitute(a, env))
      case other => other
    }

    @tailrec private def spine(typ: Ast.Type, args: List[Ast.Type]): (Ast.Type, List[Ast.Type]) = typ match {
      case Ast.TApp(f, a) => spine(f, a :: args)
      case other => (other, args)
    }

    def value(typ: Ast.Type, json: JsValue): Value = spine(typ, Nil) match {
      case (Ast.TBuiltin(bt), args) =>
        (bt, args, json) match {
          case (Ast.BTInt64, _, JsString(s)) => Value.ValueInt64(s.toLong)
          case (Ast.BTNumeric, List(Ast.TNat(scale)), JsString(s)) =>
            Value.ValueNumeric(Numeric.assertFromBigDecimal(scale, new java.math.BigDecimal(s)))
          case (Ast.BTText, _, JsString(s)) => Value.ValueText(s)
          case (Ast.BTParty, _, JsString(s)) => Value.ValueParty(Ref.Party.assertFromString(s))
          case (Ast.BTBool, _, JsBoolean(b)) => Value.ValueBool(b)
          case (Ast.BTUnit, _, _) => Value.ValueUnit
          case (Ast.BTDate, _, JsString(s)) => Value.ValueDate(Time.Date.assertFromString(s))
          case (Ast.BTTimestamp, _, JsString(s)) => Value.ValueTimestamp(Time.Timestamp.assertFromInstant(Instant.parse(s)))
          case (Ast.BTContractId, _, JsString(s)) => Value.ValueContractId(contractId(s))
          case (Ast.BTList, List(elem), JsArray(elements)) => Value.ValueList(FrontStack.from(elements.map(value(elem, _))))
          case (Ast.BTOptional, List(elem), _) => optional(elem, json)
          case (Ast.BTTextMap, List(elem), JsObject(fields)) =>
            Value.ValueTextMap(SortedLookupList(fields.view.mapValues(value(elem, _)).toMap))
          case (Ast.BTGenMap, List(k, v), JsArray(entries)) =>
            Value.ValueGenMap(ImmArray.from(entries.map {
              case JsArray(Vector(key, entry)) => value(k, key) -> value(v, entry)
              case other => fail(s"bad GenMap entry $other")
            }))
          case _ => fail(s"cannot read $json as $typ")
        }
      case (Ast.TTyCon(id), args) =>
        val data = iface.module(id).definitions.get(id.qualifiedName.name) match {
          case Some(d: Ast.DDataType) => d
          case other => fail(s"$id is not a data type ($other)")
        }
        val env = data.params.toSeq.map(_._1).zip(args).toMap
        data.cons match {
          case Ast.DataRecord(fields) =>
            val obj = json match {
              case o: JsObject => o.fields
              case other => fail(s"expected a record for $id, got $other")
            }
            Value.ValueRecord(
              Some(id),
              fields.map { case (name, fieldType) =>
                val t = substitute(fieldType, env)
                (Some(name): Option[Ref.Name]) -> obj.get(name).map(value(t, _)).getOrElse {
                  if (spine(t, Nil)._1 == Ast.TBuiltin(Ast.BTOptional)) Value.ValueNone else fail(s"missing field $name of $id")
                }
              },
            )
          case Ast.DataVariant(variants) =>
            val obj = json.asJsObject.fields
            val tag = Ref.Name.assertFromString(str(obj("tag")))
            val argType = variants.toSeq.collectFirst { case (`tag`, t) => substitute(t, env) }.getOrElse(fail(s"no constructor $tag in $id"))
            Value.ValueVariant(Some(id), tag, value(argType, obj.getOrElse("value", JsObject.empty)))
          case Ast.DataEnum(_) => Value.ValueEnum(Some(id), Ref.Name.assertFromString(str(json)))
          case other => fail(s"cannot read a value of $id ($other)")
        }
      case other => fail(s"cannot read a value of type $other")
    }

    /** The JSON API's optionals: null is None; of an optional type, [] is Some(None) and [x] is Some(x); else x is Some(x). */
    private def optional(elem: Ast.Type, json: JsValue): Value = json match {
      case JsNull => Value.ValueNone
      case JsArray(inner) if spine(elem, Nil)._1 == Ast.TBuiltin(Ast.BTOptional) =>
        inner match {
          case Vector() => Value.ValueOptional(Some(Value.ValueNone))
          case Vector(x) => Value.ValueOptional(Some(value(elem, x)))
          case _ => fail(s"bad nested optional $json")
        }
      case other => Value.ValueOptional(Some(value(elem, other)))
    }
  }

  // ---- output ----
  // Values as the JSON Ledger API writes them (Canton's transcode JsonCodec): records by field name (trailing None
  // fields left out), variants {tag, value}, enums and numbers as strings, optionals null / value / [] / [value].

  private def parties(set: Iterable[Ref.Party]): JsArray = JsArray(set.map(p => JsString(p): JsValue).toVector.sorted(Ordering.by[JsValue, String](_.toString)))

  def valueJson(v: Value): JsValue = v match {
    case Value.ValueRecord(_, fields) =>
      JsObject(fields.toSeq.zipWithIndex.map { case ((name, f), i) => name.fold(s"_$i")(identity) -> valueJson(f) }: _*)
    case Value.ValueVariant(_, tag, arg) => JsObject("tag" -> JsString(tag), "value" -> valueJson(arg))
    case Value.ValueEnum(_, ctor) => JsString(ctor)
    case Value.ValueContractId(cid) => JsString(cid.coid)
    case Value.ValueList(values) => JsArray(values.toImmArray.toSeq.map(valueJson).toVector)
    case Value.ValueInt64(n) => JsString(n.toString)
    case Value.ValueNumeric(n) => JsString(Numeric.toString(n))
    case Value.ValueText(t) => JsString(t)
    // As Canton's JSON API writes it (transcode JsonCodec.timestamp: ISO_DATE_TIME of the UTC time).
    case Value.ValueTimestamp(t) =>
      JsString(java.time.format.DateTimeFormatter.ISO_DATE_TIME.format(t.toInstant.atZone(java.time.ZoneOffset.UTC)))
    case Value.ValueDate(d) => JsString(d.toString)
    case Value.ValueParty(p) => JsString(p)
    case Value.ValueBool(b) => JsBoolean(b)
    case Value.ValueUnit => JsObject.empty
    case Value.ValueOptional(None) => JsNull
    case Value.ValueOptional(Some(inner @ Value.ValueOptional(_))) =>
      inner match {
        case Value.ValueOptional(None) => JsArray()
        case Value.ValueOptional(Some(x)) => JsArray(valueJson(Value.ValueOptional(Some(x))) match {
            case JsArray(Vector(y)) if x.isInstanceOf[Value.ValueOptional] => JsArray(y)
            case y => y
          })
        case _ => JsNull
      }
    case Value.ValueOptional(Some(x)) => valueJson(x)
    case Value.ValueTextMap(map) => JsObject(map.toImmArray.toSeq.map { case (k, x) => k -> valueJson(x) }: _*)
    case Value.ValueGenMap(entries) => JsArray(entries.toSeq.map { case (k, x) => JsArray(valueJson(k), valueJson(x)) }.toVector)
  }

  private def keyJson(node: Node.Action): Option[(String, JsValue)] =
    node.keyOpt.map(k => "key" -> JsObject("value" -> valueJson(k.value), "maintainers" -> parties(k.maintainers)))

  def transactionJson(tx: VersionedTransaction): JsValue = {
    val nodes = preOrder(tx).map { case (id, node) =>
      // The node's informees as Canton's transaction model defines them (Node.informeesOfNode).
      val common = List("nodeId" -> JsNumber(id.index)) ++ (node match {
        case action: Node.Action => List("informees" -> parties(action.informeesOfNode))
        case _ => Nil
      })
      node match {
        case c: Node.Create =>
          JsObject(
            (common ++ List(
              "kind" -> JsString("create"),
              "contractId" -> JsString(c.coid.coid),
              "packageName" -> JsString(c.packageName),
              "packageId" -> JsString(c.templateId.packageId),
              "templateId" -> JsString(c.templateId.qualifiedName.toString),
              "argument" -> valueJson(c.arg),
              "signatories" -> parties(c.signatories),
              "stakeholders" -> parties(c.stakeholders),
            ) ++ keyJson(c)).toMap
          )
        case e: Node.Exercise =>
          JsObject(
            (common ++ List(
              "kind" -> JsString("exercise"),
              "contractId" -> JsString(e.targetCoid.coid),
              "packageName" -> JsString(e.packageName),
              "packageId" -> JsString(e.templateId.packageId),
              "templateId" -> JsString(e.templateId.qualifiedName.toString),
              "choice" -> JsString(e.choiceId),
              "consuming" -> JsBoolean(e.consuming),
              "actingParties" -> parties(e.actingParties),
              "signatories" -> parties(e.signatories),
              "stakeholders" -> parties(e.stakeholders),
              "choiceObservers" -> parties(e.choiceObservers),
              "choiceArgument" -> valueJson(e.chosenValue),
              "result" -> e.exerciseResult.fold[JsValue](JsNull)(valueJson),
              "children" -> JsArray(e.children.toSeq.map(c => JsNumber(c.index): JsValue).toVector),
              "byKey" -> JsBoolean(e.byKey),
            ) ++ e.interfaceId.map(i => "interfaceId" -> JsString(i.qualifiedName.toString)) ++ keyJson(e)).toMap
          )
        case f: Node.Fetch =>
          JsObject(
            (common ++ List(
              "kind" -> JsString("fetch"),
              "contractId" -> JsString(f.coid.coid),
              "templateId" -> JsString(f.templateId.qualifiedName.toString),
              "actingParties" -> parties(f.actingParties),
              "signatories" -> parties(f.signatories),
              "stakeholders" -> parties(f.stakeholders),
              "byKey" -> JsBoolean(f.byKey),
            ) ++ f.interfaceId.map(i => "interfaceId" -> JsString(i.qualifiedName.toString)) ++ keyJson(f)).toMap
          )
        case q: Node.QueryByKey =>
          JsObject(
            (common ++ List(
              "kind" -> JsString("queryByKey"),
              "templateId" -> JsString(q.templateId.qualifiedName.toString),
              "exhaustive" -> JsBoolean(q.exhaustive),
              "result" -> JsArray(q.result.map(c => JsString(c.coid): JsValue)),
            ) ++ keyJson(q)).toMap
          )
        case r: Node.Rollback =>
          JsObject((common ++ List("kind" -> JsString("rollback"), "children" -> JsArray(r.children.toSeq.map(c => JsNumber(c.index): JsValue).toVector))).toMap)
      }
    }
    JsObject("ok" -> JsTrue, "roots" -> JsArray(tx.roots.toSeq.map(r => JsNumber(r.index): JsValue).toVector), "nodes" -> JsArray(nodes))
  }

  /** The error's class path below the engine's Error (e.g. Interpretation.DamlException.FailedAuthorization) and message. */
  def errorJson(error: EngineError): JsValue = {
    val path = error match {
      case EngineError.Interpretation(EngineError.Interpretation.DamlException(inner), _) =>
        s"Interpretation.${inner.getClass.getSimpleName.stripSuffix("$")}" + (inner match {
          case u: com.digitalasset.daml.lf.interpretation.Error.Upgrade => s".${u.error.getClass.getSimpleName}"
          case d: com.digitalasset.daml.lf.interpretation.Error.Dev => s".${d.error.getClass.getSimpleName}"
          case _ => ""
        })
      case EngineError.Interpretation(other, _) => s"Interpretation.${other.getClass.getSimpleName}"
      case EngineError.Preprocessing(inner) => s"Preprocessing.${inner.getClass.getSimpleName.stripSuffix("$")}"
      case EngineError.Package(inner) => s"Package.${inner.getClass.getSimpleName}"
      case other => other.getClass.getSimpleName
    }
    val extra = error match {
      case EngineError.Interpretation(
            EngineError.Interpretation.DamlException(f: com.digitalasset.daml.lf.interpretation.Error.FailureStatus),
            _,
          ) =>
        List("errorId" -> JsString(f.errorId), "failureCategory" -> JsNumber(f.failureCategory))
      case _ => Nil
    }
    JsObject("ok" -> JsFalse, "error" -> JsObject((List("class" -> JsString(path), "message" -> JsString(error.message)) ++ extra).toMap))
  }
}
