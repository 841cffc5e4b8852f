// Generates a project of hostile sources (issue 23) next to untouched ones: deep nesting in every
// construct of Java, Kotlin and proto, long constant chains, recursive generics, huge one-liners,
// brace and quote mutations, NUL bytes and invalid UTF-8. Each hostile file also declares one
// endpoint, so a test can tell "refused with a diagnostic" from "silently dropped".

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface HostileProject {
  /** Endpoints of untouched files: every one must be listed, as `GET /path`. */
  untouched: string[];
  /** Hostile files (project-relative) and the address of the endpoint each declares. */
  hostile: { file: string; address: string; kind: string }[];
  /** Broken or hostile .proto files: each must be named by a diagnostic. */
  protos: { file: string; kind: string }[];
}

const JAVA_PKG = 'com.acme.hostile';
const JAVA_DIR = 'src/main/java/com/acme/hostile';
const KT_DIR = 'src/main/kotlin/com/acme/hostile';

const rep = (s: string, n: number): string => s.repeat(n);

function javaController(cls: string, path: string, extraMembers = '', extraTypes = '', annotationValue = `"${path}"`): string {
  return `package ${JAVA_PKG};

import org.springframework.web.bind.annotation.*;
import java.util.List;

@RestController
public class ${cls} {
${extraMembers}
    @GetMapping(${annotationValue})
    public String handle() {
        return "${cls}";
    }
}
${extraTypes}
`;
}

function kotlinController(cls: string, path: string, extraMembers = '', extraTypes = '', annotationValue = `"${path}"`): string {
  return `package ${JAVA_PKG}

import org.springframework.web.bind.annotation.*

@RestController
class ${cls} {
${extraMembers}
    @GetMapping(${annotationValue})
    fun handle(): String = "${cls}"
}
${extraTypes}
`;
}

export function writeHostileProject(root: string, options: { untouched?: number; depth?: number; chain?: number } = {}): HostileProject {
  const untouchedCount = options.untouched ?? 40;
  const depth = options.depth ?? 5_000;
  const chain = options.chain ?? 2_000;
  const put = (rel: string, content: string | Buffer): void => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  };
  const project: HostileProject = { untouched: [], hostile: [], protos: [] };

  // Untouched controllers, Java and Kotlin, interleaved with the hostile ones by name.
  for (let i = 0; i < untouchedCount; i++) {
    put(`${JAVA_DIR}/Good${i}Controller.java`, javaController(`Good${i}Controller`, `/good/java/${i}`));
    project.untouched.push(`GET /good/java/${i}`);
    put(`${KT_DIR}/GoodKt${i}Controller.kt`, kotlinController(`GoodKt${i}Controller`, `/good/kt/${i}`));
    project.untouched.push(`GET /good/kt/${i}`);
  }

  const java = (kind: string, members: string, types = '', annotationValue?: string): void => {
    const cls = `Hostile${kind.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}Controller`;
    const path = `/hostile/java/${kind}`;
    put(`${JAVA_DIR}/${cls}.java`, javaController(cls, path, members, types, annotationValue));
    project.hostile.push({ file: `${JAVA_DIR}/${cls}.java`, address: `GET ${path}`, kind: `java ${kind}` });
  };
  const kotlin = (kind: string, members: string, types = '', annotationValue?: string): void => {
    const cls = `HostileKt${kind.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}Controller`;
    const path = `/hostile/kt/${kind}`;
    put(`${KT_DIR}/${cls}.kt`, kotlinController(cls, path, members, types, annotationValue));
    project.hostile.push({ file: `${KT_DIR}/${cls}.kt`, address: `GET ${path}`, kind: `kotlin ${kind}` });
  };

  // Java: deep nesting in every construct.
  java('parens', `    int x = ${rep('(', depth)}1${rep(')', depth)};`);
  java('blocks', `    void f() ${rep('{', depth)}${rep('}', depth)}`);
  java('array-init', `    int[][] x = ${rep('{', depth)}1${rep('}', depth)};`);
  java('generics', `    List<${rep('List<', depth)}String${rep('>', depth)}> x;`);
  java('nested-classes', `${rep('    static class N {\n', depth)}${rep('}\n', depth)}`);
  java('annotation-arrays', '', '', `${rep('{', depth)}"/x"${rep('}', depth)}`);
  java('lambdas', `    Runnable r = ${rep('() -> { Runnable q = ', depth / 10)}null${rep('; }', depth / 10)};`);
  java('ternaries', `    int t = ${rep('a ? b : ', depth)}c;`);
  java('if-chain', `    void f() { ${rep('if (a) { x(); } else ', depth)}{ } }`);
  java('string-concat-one-liner', `    String s = ${rep('"abcdefgh" + ', 100_000)}"";`);
  java('huge-one-liner', `    String s = "${rep('x', 1_200_000)}"; ${rep('int f = 1; ', 10_000)}`);
  java('unclosed-brace', `    void a() {{ int x = 1; }\n    void b() { int y = 2; }}`);
  // Brace mutations that swallow a package-private handler, annotated on its own line or not: the
  // swallowed endpoint is listed or its file named with a line, never dropped without a word.
  const swallowed = (kind: string, handler: string): void => {
    java(kind, `    void a() {{ int x = 1; }\n${handler}}`);
    project.hostile.push({ file: project.hostile[project.hostile.length - 1]!.file, address: `GET /hostile/java/${kind}/b`, kind: `java ${kind} (swallowed)` });
  };
  swallowed('swallowed-package-private', `    @GetMapping("/hostile/java/swallowed-package-private/b")\n    String b() { return "b"; }`);
  swallowed('swallowed-annotated-generic', `    @Override\n    @GetMapping(value = "/hostile/java/swallowed-annotated-generic/b", produces = "text/plain")\n    List<String> b() { return null; }`);
  swallowed('swallowed-void', `    @GetMapping("/hostile/java/swallowed-void/b") void b() { }`);
  // 120,000 valid declarations in one file (a scan once reached ~700 MB on one): cut at the
  // budget with a diagnostic; the file's endpoint comes first, so it is still listed.
  java('declarations', '', Array.from({ length: 120_000 }, (_, i) => `class D${i} { }`).join('\n'));
  java('members', Array.from({ length: 120_000 }, (_, i) => `void m${i}(){}`).join('\n'));
  java('fields', Array.from({ length: 120_000 }, (_, i) => `    int f${i};`).join('\n'));
  kotlin('members', Array.from({ length: 120_000 }, (_, i) => `val f${i}=1`).join('\n'));
  java('unclosed-string', `    String s = "never closed;\n    String t = 'x;`);
  java('nul-bytes', `    String s = "a\0b";\0\0\0 int \0 y;`);
  // Constant chains and recursive generics.
  const chainLines = [`    static final String C0 = "/chain";`];
  for (let i = 1; i < chain; i++) chainLines.push(`    static final String C${i} = C${i - 1} + "/c";`);
  java('constant-chain', chainLines.join('\n'), '', `C${chain - 1}`);
  const doubling = [`    static final String D0 = "ab";`];
  for (let i = 1; i < 64; i++) doubling.push(`    static final String D${i} = D${i - 1} + D${i - 1};`);
  java('constant-doubling', doubling.join('\n'), '', 'D63');
  const cycle = `    static final String A = B + "/a";\n    static final String B = A + "/b";`;
  java('constant-cycle', cycle, '', 'A');
  put(
    `${JAVA_DIR}/Box.java`,
    `package ${JAVA_PKG};\n\npublic class Box<T> {\n    public T value;\n    public Box<Box<T>> next;\n    public Box<Box<T>> other;\n    public Box<Box<Box<T>>> third;\n}\n`,
  );
  put(
    `${JAVA_DIR}/HostileRecursiveBodyController.java`,
    `package ${JAVA_PKG};\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class HostileRecursiveBodyController {\n    @PostMapping("/hostile/java/recursive-body")\n    public Box<Box<String>> handle(@RequestBody Box<String> box) {\n        return null;\n    }\n}\n`,
  );
  project.hostile.push({ file: `${JAVA_DIR}/HostileRecursiveBodyController.java`, address: 'POST /hostile/java/recursive-body', kind: 'java recursive generic body' });
  const [head, tail] = javaController('InvalidUtf8Controller', '/hostile/java/invalid-utf8', '    String s = "@@";').split('@@') as [string, string];
  put(`${JAVA_DIR}/InvalidUtf8Controller.java`, Buffer.concat([Buffer.from(head), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xa0, 0xa1]), Buffer.from(tail)]));
  project.hostile.push({ file: `${JAVA_DIR}/InvalidUtf8Controller.java`, address: 'GET /hostile/java/invalid-utf8', kind: 'java invalid utf-8' });

  // Kotlin: the template that aborted tree-sitter-kotlin, and every other nesting.
  kotlin('templates', `    val s = ${rep('"${', 1_024)}1${rep('}"', 1_024)}`);
  kotlin('templates-deep', `    val s = ${rep('"${', depth)}1${rep('}"', depth)}`);
  kotlin('raw-templates', `    val s = ${rep('"""${', 1_024)}1${rep('}"""', 1_024)}`);
  kotlin('parens', `    val x = ${rep('(', depth)}1${rep(')', depth)}`);
  kotlin('lambdas', `    val x = ${rep('run {', depth)}1${rep('}', depth)}`);
  kotlin('generics', `    val x: List<${rep('List<', depth)}String${rep('>', depth)}>? = null`);
  kotlin('nested-classes', `${rep('    class N {\n', depth)}${rep('}\n', depth)}`);
  kotlin('when-chain', `    fun f(a: Int) = ${rep('if (a == 1) 1 else ', depth)}0`);
  kotlin('annotation-arrays', '', '', `${rep('[', depth)}"/x"${rep(']', depth)}`);
  kotlin('huge-one-liner', `    val s = "${rep('x', 1_200_000)}"; ${rep('val f = 1; ', 10_000)}`);
  kotlin('unclosed-brace', `    fun a() {{ val x = 1 }\n    fun b() { val y = 2 }}`);
  kotlin('unclosed-string', `    val s = "never closed\n    val t = """never closed either`);
  kotlin('nul-bytes', `    val s = "a\0b"\0\0 val \0 y = 1`);
  const kchain = [`const val K0 = "/kchain"`];
  for (let i = 1; i < chain; i++) kchain.push(`const val K${i} = K${i - 1} + "/c"`);
  kotlin('constant-chain', '', kchain.join('\n'), `K${chain - 1}`);

  // Proto: nesting in messages and option values, unbalanced braces, unterminated strings, an
  // import cycle and a missing import, next to a sound proto whose service must still be listed.
  const proto = (kind: string, file: string, text: string): void => {
    put(`src/main/proto/${file}`, text);
    project.protos.push({ file: `src/main/proto/${file}`, kind: `proto ${kind}` });
  };
  proto('nested-messages', 'deep.proto', `syntax = "proto3";\npackage hostile.deep;\n${rep('message M {\n', depth)}${rep('}\n', depth)}\nservice Deep { rpc Get (M) returns (M); }\n`);
  proto('nested-options', 'options.proto', `syntax = "proto3";\npackage hostile.options;\nmessage M { string a = 1 [(x) = ${rep('{ a: ', depth)}1${rep(' }', depth)}]; }\n`);
  proto('unbalanced', 'broken.proto', `syntax = "proto3";\npackage hostile.broken;\nmessage M { string a = 1; \nservice S { rpc Get (M) returns (M) }\n\0\xff`);
  proto('extra-brace', 'extra.proto', `syntax = "proto3";\npackage hostile.extra;\nmessage M { string a = 1; }\n}\nservice S { rpc Get (M) returns (M); }\n`);
  proto('unterminated-string', 'string.proto', `syntax = "proto3";\npackage hostile.string;\noption java_package = "com.acme.never;\nmessage M { string a = 1; }\n`);
  proto('import-cycle', 'cycle/a.proto', `syntax = "proto3";\npackage hostile.cycle;\nimport "cycle/b.proto";\nmessage A { B b = 1; }\n`);
  put('src/main/proto/cycle/b.proto', `syntax = "proto3";\npackage hostile.cycle;\nimport "cycle/a.proto";\nmessage B { A a = 1; }\n`);
  proto('missing-import', 'missing.proto', `syntax = "proto3";\npackage hostile.missing;\nimport "nowhere/gone.proto";\nmessage M { string a = 1; }\n`);
  put('src/main/proto/good.proto', `syntax = "proto3";\npackage hostile.good;\noption java_package = "${JAVA_PKG}.grpc";\noption java_multiple_files = true;\nmessage Ping { string a = 1; }\nservice Good { rpc Get (Ping) returns (Ping); }\n`);
  put(
    `${JAVA_DIR}/GoodGrpcService.java`,
    `package ${JAVA_PKG};\n\nimport ${JAVA_PKG}.grpc.GoodGrpc;\nimport ${JAVA_PKG}.grpc.Ping;\nimport io.grpc.stub.StreamObserver;\n\npublic class GoodGrpcService extends GoodGrpc.GoodImplBase {\n    @Override\n    public void get(Ping request, StreamObserver<Ping> response) {\n    }\n}\n`,
  );
  project.untouched.push('gRPC /hostile.good.Good/Get');
  return project;
}
