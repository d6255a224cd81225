// Builds the suite's DARs from their Daml-LF text sources with Canton's own Daml-LF tools, and checks them.
//
//   java conformance.daml.BuildDars <models file> <lf source folder> <output folder>
//
// For every `model` line of the models file (and every `dependent` line: a package importing another model's, encoded
// with that package id filled in, type-checked together with it, written with its DALF beside the main one): Canton's encoder (DamlLfEncoder: parse, Validation.checkPackage, encode)
// writes the DAR; the DAR is rewritten with stored (uncompressed) entries and a fixed time, so the same sources give the
// same bytes; the written DAR is read back with Canton's DarDecoder and type-checked again with Validation.checkPackages.
// For every `upgrade` line: Canton's upgrade check (TypecheckUpgrades, the check a participant runs on upload) on the two
// packages, which must pass (`valid`) or fail (`invalid`). It writes index.json (package id, name, version, templates and
// interfaces of each DAR; each upgrade check's outcome and reason) and exits 1 when any expectation does not hold.
// Nothing in it is Scala: it calls the published classes of com.daml:daml-lf-{encoder,validation,archive-reader}_2.13.
package conformance.daml;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

@SuppressWarnings({"rawtypes", "unchecked"})
public final class BuildDars {
  /** Every entry of every DAR gets this time (DOS time has no zone), so builds on any machine agree. */
  private static final LocalDateTime FIXED_TIME = LocalDateTime.of(2000, 1, 1, 0, 0, 0);

  /** `dependency`: the model whose package this one imports (a `dependent` line), or null. */
  private record Model(String name, String target, List<String> sources, String dependency) {}

  private record Upgrade(String past, String present, boolean valid) {}

  private record Refusal(String name, String target, List<String> sources) {}

  private record Built(String name, String file, String packageId, String packageName, String packageVersion,
      String lfVersion, String sha256, List<String> templates, List<String> interfaces) {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: BuildDars <models file> <lf source folder> <output folder>");
      System.exit(2);
    }
    Path modelsFile = Paths.get(args[0]);
    Path sourceDir = Paths.get(args[1]);
    Path outDir = Paths.get(args[2]);
    Files.createDirectories(outDir);
    List<Model> models = new ArrayList<>();
    List<Upgrade> upgrades = new ArrayList<>();
    List<Refusal> refusals = new ArrayList<>();
    int lineNo = 0;
    for (String raw : Files.readAllLines(modelsFile, StandardCharsets.UTF_8)) {
      lineNo++;
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) continue;
      String[] f = line.split("\\s+");
      if (f[0].equals("model") && f.length >= 4) {
        models.add(new Model(f[1], f[2], List.of(f).subList(3, f.length), null));
      } else if (f[0].equals("dependent") && f.length >= 5) {
        models.add(new Model(f[1], f[2], List.of(f).subList(4, f.length), f[3]));
      } else if (f[0].equals("refuse") && f.length >= 4) {
        refusals.add(new Refusal(f[1], f[2], List.of(f).subList(3, f.length)));
      } else if (f[0].equals("upgrade") && f.length == 4 && (f[3].equals("valid") || f[3].equals("invalid"))) {
        upgrades.add(new Upgrade(f[1], f[2], f[3].equals("valid")));
      } else {
        System.err.println(modelsFile + ":" + lineNo + ": expected 'model NAME LF-VERSION SOURCE...' or "
            + "'dependent NAME LF-VERSION DEPENDENCY SOURCE...' or "
            + "'upgrade PAST PRESENT valid|invalid' or 'refuse NAME LF-VERSION SOURCE...', got: " + line);
        System.exit(2);
      }
    }

    List<String> failures = new ArrayList<>();
    Map<String, Built> built = new LinkedHashMap<>();
    Map<String, Object> packages = new LinkedHashMap<>(); // name -> (PackageId, Package)
    for (Model model : models) {
      Path dar = outDir.resolve(model.name() + ".dar");
      Path raw = Files.createTempFile("encoder-", ".dar");
      Path source = null;
      scala.Tuple2 dependency = null;
      try {
        List<String> encoderArgs = new ArrayList<>();
        if (model.dependency() == null) {
          for (String file : model.sources()) encoderArgs.add(sourceDir.resolve(file).toString());
        } else {
          // A package importing another: its sources name the dependency's package id as '@DEPENDENCY@', which is
          // known only once the dependency is built. The encoder's own check knows no package but the one it encodes
          // (and the stable packages), so it encodes without it (--skip-validation); both packages are type-checked
          // together below, and the DAR is written as Canton's DarWriter writes one, the dependency's DALF beside the main one.
          dependency = (scala.Tuple2) packages.get(model.dependency());
          if (dependency == null) {
            failures.add(model.name() + ": its dependency " + model.dependency() + " is not built before it (daml/models.txt)");
            continue;
          }
          StringBuilder text = new StringBuilder();
          for (String file : model.sources()) text.append(Files.readString(sourceDir.resolve(file), StandardCharsets.UTF_8));
          source = Files.createTempFile("dependent-", ".lf");
          Files.writeString(source, text.toString().replace("@DEPENDENCY@", (String) dependency._1()), StandardCharsets.UTF_8);
          encoderArgs.add(source.toString());
          encoderArgs.add("--skip-validation");
        }
        encoderArgs.addAll(List.of("--target", model.target(), "--output", raw.toString(),
            "--suppress-testing-purpose-warning"));
        try {
          Class.forName("com.digitalasset.daml.lf.archive.testing.DamlLfEncoder")
              .getMethod("main", String[].class)
              .invoke(null, (Object) encoderArgs.toArray(new String[0]));
        } catch (InvocationTargetException e) {
          failures.add(model.name() + ": the encoder refused it: " + e.getCause().getMessage());
          continue;
        }
        if (dependency != null) {
          byte[] mainDalf = entryOf(raw, "archive.dalf");
          byte[] dependencyDalf = entryOf(outDir.resolve(model.dependency() + ".dar"), "archive.dalf");
          // As Canton's DarWriter writes a DAR (the manifest from its DarManifestWriter, then the DALFs), with the
          // dependency's DALF after the main one.
          String dependencyEntry = model.dependency() + ".dalf";
          java.util.jar.Manifest manifest = com.digitalasset.daml.lf.archive.DarManifestWriter$.MODULE$.encode("0.0.0",
              new com.digitalasset.daml.lf.archive.Dar("archive.dalf",
                  scala.jdk.javaapi.CollectionConverters.asScala(List.of(dependencyEntry)).toList()));
          try (OutputStream file = Files.newOutputStream(raw); ZipOutputStream zipOut = new ZipOutputStream(file)) {
            zipOut.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            ByteArrayOutputStream manifestBytes = new ByteArrayOutputStream();
            manifest.write(manifestBytes);
            zipOut.write(manifestBytes.toByteArray());
            zipOut.closeEntry();
            for (Object[] entry : List.of(new Object[] {"archive.dalf", mainDalf}, new Object[] {dependencyEntry, dependencyDalf})) {
              zipOut.putNextEntry(new ZipEntry((String) entry[0]));
              zipOut.write((byte[]) entry[1]);
              zipOut.closeEntry();
            }
          }
        }
        normalise(raw, dar);
      } finally {
        Files.deleteIfExists(raw);
        if (source != null) Files.deleteIfExists(source);
      }
      Object read = readDar(dar.toFile());
      if (read instanceof String error) {
        failures.add(model.name() + ": " + error);
        continue;
      }
      scala.Tuple2 main = (scala.Tuple2) read;
      String packageId = (String) main._1();
      com.digitalasset.daml.lf.language.Ast.GenPackage pkg = (com.digitalasset.daml.lf.language.Ast.GenPackage) main._2();
      scala.collection.immutable.Map one = (scala.collection.immutable.Map) scala.collection.immutable.Map$.MODULE$.empty();
      one = (scala.collection.immutable.Map) one.updated(packageId, pkg);
      if (dependency != null) one = (scala.collection.immutable.Map) one.updated(dependency._1(), dependency._2());
      // The DAR's other packages too: the stable packages the encoder added (DA.Types for a model naming its Tuple2).
      for (scala.Tuple2 carried : dependenciesOf(dar.toFile())) one = (scala.collection.immutable.Map) one.updated(carried._1(), carried._2());
      scala.util.Either checked = com.digitalasset.daml.lf.validation.Validation$.MODULE$.checkPackages(one);
      if (checked.isLeft()) {
        failures.add(model.name() + ": Validation.checkPackages refused the written DAR: "
            + ((com.digitalasset.daml.lf.validation.ValidationError) checked.left().get()).pretty());
        continue;
      }
      List<String> templates = new ArrayList<>();
      List<String> interfaces = new ArrayList<>();
      Map<String, Object> modules = new TreeMap<>();
      for (Object entry : scala.jdk.javaapi.CollectionConverters.asJava(pkg.modules()).entrySet()) {
        Map.Entry e = (Map.Entry) entry;
        modules.put(e.getKey().toString(), e.getValue());
      }
      for (Map.Entry<String, Object> e : modules.entrySet()) {
        com.digitalasset.daml.lf.language.Ast.GenModule module = (com.digitalasset.daml.lf.language.Ast.GenModule) e.getValue();
        for (Object t : new TreeMap(scala.jdk.javaapi.CollectionConverters.asJava(module.templates())).keySet())
          templates.add(e.getKey() + ":" + t);
        for (Object i : new TreeMap(scala.jdk.javaapi.CollectionConverters.asJava(module.interfaces())).keySet())
          interfaces.add(e.getKey() + ":" + i);
      }
      com.digitalasset.daml.lf.language.Ast.PackageMetadata metadata = pkg.metadata();
      built.put(model.name(), new Built(model.name(), dar.getFileName().toString(), packageId,
          metadata.name().toString(), metadata.version().toString(), pkg.languageVersion().pretty(),
          sha256(Files.readAllBytes(dar)), templates, interfaces));
      packages.put(model.name(), main);
    }

    // Models the encoder must refuse (its Validation.checkPackage): the proof that the checker run above is live.
    List<String> refusalResults = new ArrayList<>();
    for (Refusal refusal : refusals) {
      Path raw = Files.createTempFile("encoder-", ".dar");
      String reason = null;
      try {
        List<String> encoderArgs = new ArrayList<>();
        for (String source : refusal.sources()) encoderArgs.add(sourceDir.resolve(source).toString());
        encoderArgs.addAll(List.of("--target", refusal.target(), "--output", raw.toString(),
            "--suppress-testing-purpose-warning"));
        try {
          Class.forName("com.digitalasset.daml.lf.archive.testing.DamlLfEncoder")
              .getMethod("main", String[].class)
              .invoke(null, (Object) encoderArgs.toArray(new String[0]));
        } catch (InvocationTargetException e) {
          reason = String.valueOf(e.getCause().getMessage()).strip();
        }
      } finally {
        Files.deleteIfExists(raw);
      }
      if (reason == null) failures.add(refusal.name() + ": expected the encoder to refuse it, it built it");
      refusalResults.add("    { \"name\": " + json(refusal.name()) + ", \"refused\": " + (reason != null)
          + ", \"reason\": " + (reason == null ? "null" : json(reason)) + " }");
    }

    List<String> upgradeResults = new ArrayList<>();
    for (Upgrade upgrade : upgrades) {
      scala.Tuple2 past = (scala.Tuple2) packages.get(upgrade.past());
      scala.Tuple2 present = (scala.Tuple2) packages.get(upgrade.present());
      if (past == null || present == null) {
        failures.add("upgrade " + upgrade.past() + " -> " + upgrade.present() + ": a model of it did not build");
        continue;
      }
      Object pastSig = com.digitalasset.daml.lf.language.Util$.MODULE$.toSignature(
          (com.digitalasset.daml.lf.language.Ast.GenPackage) past._2());
      Object presentSig = com.digitalasset.daml.lf.language.Util$.MODULE$.toSignature(
          (com.digitalasset.daml.lf.language.Ast.GenPackage) present._2());
      scala.util.Try result = com.digitalasset.daml.lf.validation.TypecheckUpgrades$.MODULE$.typecheckUpgrades(
          (scala.collection.immutable.Map) scala.collection.immutable.Map$.MODULE$.empty(),
          new scala.Tuple2(present._1(), presentSig), (String) past._1(), (scala.Option) new scala.Some(pastSig));
      String reason = result.isSuccess() ? null : ((Throwable) result.failed().get()).getMessage();
      if (result.isSuccess() != upgrade.valid()) {
        failures.add("upgrade " + upgrade.past() + " -> " + upgrade.present() + ": expected "
            + (upgrade.valid() ? "valid" : "invalid") + ", TypecheckUpgrades " + (reason == null ? "passed it" : "refused it: " + reason));
      }
      upgradeResults.add("    { \"past\": " + json(upgrade.past()) + ", \"present\": " + json(upgrade.present())
          + ", \"expected\": " + json(upgrade.valid() ? "valid" : "invalid") + ", \"passed\": " + result.isSuccess()
          + ", \"reason\": " + (reason == null ? "null" : json(reason)) + " }");
    }

    StringBuilder index = new StringBuilder("{\n  \"dars\": [\n");
    List<String> entries = new ArrayList<>();
    for (Built b : built.values()) {
      entries.add("    {\n      \"name\": " + json(b.name()) + ",\n      \"file\": " + json(b.file())
          + ",\n      \"packageId\": " + json(b.packageId()) + ",\n      \"packageName\": " + json(b.packageName())
          + ",\n      \"packageVersion\": " + json(b.packageVersion()) + ",\n      \"lfVersion\": " + json(b.lfVersion())
          + ",\n      \"sha256\": " + json(b.sha256()) + ",\n      \"templates\": " + jsonList(b.templates())
          + ",\n      \"interfaces\": " + jsonList(b.interfaces()) + "\n    }");
    }
    index.append(String.join(",\n", entries)).append("\n  ],\n  \"upgrades\": [\n");
    index.append(String.join(",\n", upgradeResults)).append("\n  ],\n  \"refusals\": [\n");
    index.append(String.join(",\n", refusalResults)).append("\n  ]\n}\n");
    Files.writeString(outDir.resolve("index.json"), index.toString(), StandardCharsets.UTF_8);

    for (Built b : built.values()) System.out.println("built " + b.file() + " " + b.packageId());
    for (String r : upgradeResults) System.out.println("upgrade" + r.strip());
    for (String r : refusalResults) System.out.println("refusal" + r.strip());

    // DARs made from these outside the build (the suite renames packages for tests that need fresh ones): with
    // DARS_ALSO_CHECK naming a folder, each of its DARs is decoded and type-checked as above, and the packages of one
    // name go through the upgrade check in version order; a file named *-invalid.dar must be refused as an upgrade.
    String alsoCheck = System.getenv("DARS_ALSO_CHECK");
    if (alsoCheck != null && !alsoCheck.isEmpty()) {
      Map<String, TreeMap<String, Object[]>> byName = new TreeMap<>();
      List<Path> files;
      try (var listing = Files.list(Paths.get(alsoCheck))) {
        files = listing.filter(f -> f.toString().endsWith(".dar")).sorted().toList();
      }
      for (Path file : files) {
        Object read = readDar(file.toFile());
        if (read instanceof String error) {
          failures.add("check " + file.getFileName() + ": " + error);
          continue;
        }
        scala.Tuple2 main = (scala.Tuple2) read;
        com.digitalasset.daml.lf.language.Ast.GenPackage pkg = (com.digitalasset.daml.lf.language.Ast.GenPackage) main._2();
        scala.collection.immutable.Map one = (scala.collection.immutable.Map) scala.collection.immutable.Map$.MODULE$.empty();
        one = (scala.collection.immutable.Map) one.updated(main._1(), pkg);
        // A DAR's dependencies are type-checked with it (a renamed conformance-with-dependency: both packages renamed).
        for (scala.Tuple2 dependency : dependenciesOf(file.toFile())) one = (scala.collection.immutable.Map) one.updated(dependency._1(), dependency._2());
        scala.util.Either checked = com.digitalasset.daml.lf.validation.Validation$.MODULE$.checkPackages(one);
        if (checked.isLeft()) {
          failures.add("check " + file.getFileName() + ": Validation.checkPackages refused it: "
              + ((com.digitalasset.daml.lf.validation.ValidationError) checked.left().get()).pretty());
          continue;
        }
        System.out.println("checked " + file.getFileName() + " " + main._1() + " " + pkg.metadata().name() + " "
            + pkg.metadata().version() + " valid");
        byName.computeIfAbsent(pkg.metadata().name().toString(), k -> new TreeMap<>())
            .put(pkg.metadata().version().toString(), new Object[] {file, main});
      }
      for (Map.Entry<String, TreeMap<String, Object[]>> lineage : byName.entrySet()) {
        Object[] previous = null;
        for (Object[] current : lineage.getValue().values()) {
          if (previous != null) {
            scala.Tuple2 past = (scala.Tuple2) previous[1];
            scala.Tuple2 present = (scala.Tuple2) current[1];
            scala.util.Try result = com.digitalasset.daml.lf.validation.TypecheckUpgrades$.MODULE$.typecheckUpgrades(
                (scala.collection.immutable.Map) scala.collection.immutable.Map$.MODULE$.empty(),
                new scala.Tuple2(present._1(), com.digitalasset.daml.lf.language.Util$.MODULE$.toSignature(
                    (com.digitalasset.daml.lf.language.Ast.GenPackage) present._2())),
                (String) past._1(),
                (scala.Option) new scala.Some(com.digitalasset.daml.lf.language.Util$.MODULE$.toSignature(
                    (com.digitalasset.daml.lf.language.Ast.GenPackage) past._2())));
            String presentFile = ((Path) current[0]).getFileName().toString();
            boolean expectValid = !presentFile.endsWith("-invalid.dar");
            String outcome = result.isSuccess() ? "passed" : "refused: " + ((Throwable) result.failed().get()).getMessage();
            System.out.println("checked upgrade " + ((Path) previous[0]).getFileName() + " -> " + presentFile + " " + outcome);
            if (result.isSuccess() != expectValid) {
              failures.add("check upgrade " + ((Path) previous[0]).getFileName() + " -> " + presentFile + ": expected "
                  + (expectValid ? "valid" : "invalid") + ", TypecheckUpgrades " + outcome);
            }
          }
          previous = current;
        }
      }
    }
    if (!failures.isEmpty()) {
      for (String failure : failures) System.err.println("FAILED " + failure);
      System.exit(1);
    }
  }

  /** The DAR's main package as (package id, package), decoded by Canton's DarDecoder; or the error as a String. */
  private static Object readDar(File file) throws ReflectiveOperationException {
    // DarDecoder is a value of the package object com.digitalasset.daml.lf.archive, whose class name Java cannot spell.
    Object packageObject = Class.forName("com.digitalasset.daml.lf.archive.package$").getField("MODULE$").get(null);
    com.digitalasset.daml.lf.archive.GenDarReader reader = (com.digitalasset.daml.lf.archive.GenDarReader)
        packageObject.getClass().getMethod("DarDecoder").invoke(packageObject);
    scala.util.Either decoded = reader.readArchiveFromFile(file, reader.readArchiveFromFile$default$2());
    if (decoded.isLeft()) return "Canton's DarDecoder refused the written DAR: " + decoded.left().get();
    return ((com.digitalasset.daml.lf.archive.Dar) decoded.right().get()).main();
  }

  /** The DAR's dependency packages as (package id, package), decoded by Canton's DarDecoder (none when it fails). */
  private static List<scala.Tuple2> dependenciesOf(File file) throws ReflectiveOperationException {
    Object packageObject = Class.forName("com.digitalasset.daml.lf.archive.package$").getField("MODULE$").get(null);
    com.digitalasset.daml.lf.archive.GenDarReader reader = (com.digitalasset.daml.lf.archive.GenDarReader)
        packageObject.getClass().getMethod("DarDecoder").invoke(packageObject);
    scala.util.Either decoded = reader.readArchiveFromFile(file, reader.readArchiveFromFile$default$2());
    if (decoded.isLeft()) return List.of();
    return scala.jdk.javaapi.CollectionConverters.asJava(
        (scala.collection.immutable.List) ((com.digitalasset.daml.lf.archive.Dar) decoded.right().get()).dependencies());
  }

  /** The bytes of one entry of a zip. */
  private static byte[] entryOf(Path zipFile, String name) throws IOException {
    try (ZipFile zip = new ZipFile(zipFile.toFile())) {
      ZipEntry entry = zip.getEntry(name);
      if (entry == null) throw new IOException(zipFile + " has no entry " + name);
      try (InputStream stream = zip.getInputStream(entry)) {
        return stream.readAllBytes();
      }
    }
  }

  /** Rewrites a zip with the same entries in the same order, each stored uncompressed with FIXED_TIME. */
  private static void normalise(Path in, Path out) throws IOException {
    try (ZipFile zip = new ZipFile(in.toFile());
        OutputStream file = Files.newOutputStream(out);
        ZipOutputStream zipOut = new ZipOutputStream(file)) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry source = entries.nextElement();
        byte[] bytes;
        try (InputStream stream = zip.getInputStream(source)) {
          bytes = stream.readAllBytes();
        }
        ZipEntry entry = new ZipEntry(source.getName());
        entry.setMethod(ZipEntry.STORED);
        entry.setSize(bytes.length);
        entry.setCompressedSize(bytes.length);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        entry.setCrc(crc.getValue());
        entry.setTimeLocal(FIXED_TIME);
        zipOut.putNextEntry(entry);
        zipOut.write(bytes);
        zipOut.closeEntry();
      }
    }
  }

  private static String sha256(byte[] bytes) throws Exception {
    StringBuilder hex = new StringBuilder();
    for (byte b : MessageDigest.getInstance("SHA-256").digest(bytes)) hex.append(String.format("%02x", b));
    return hex.toString();
  }

  private static String json(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
        }
      }
    }
    return out.append('"').toString();
  }

  private static String jsonList(List<String> values) {
    List<String> quoted = new ArrayList<>();
    for (String v : values) quoted.add(json(v));
    return "[" + String.join(", ", quoted) + "]";
  }

  private BuildDars() {}
}
