import Foundation

/// Why an audit could not run, and why `litmus mutate` could not start: building the package and finding
/// its tests is one stage of both tools, so its failures are one type. Each message names the input and what
/// to do.
public enum AuditError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// The path holds no Package.swift.
    case notAPackage(path: String)
    /// `swift build --build-tests` failed; `errors` are the compiler's error lines.
    case buildFailed(path: String, errors: [String])
    /// `swift build --build-tests` failed where a known option of `swift build` makes it build: `option`,
    /// for the reason `why` (a stale `LinuxMain.swift` calling `__allTests`: `--enable-test-discovery`).
    case buildNeedsOption(path: String, errors: [String], option: String, why: String)
    /// SwiftPM refused the `swift build` options given to litmus (`arguments`), with its own `message`.
    case buildOptionRejected(arguments: [String], message: String)
    /// The package built, but has no test target; `testFolders` are the folders where Swift files of it declare
    /// tests no target compiles (those an Xcode project builds), when the audit looked.
    case noTestBinary(path: String, testFolders: [String] = [])
    /// A tool of the Swift toolchain is missing.
    case toolMissing(name: String)
    /// A configuration file could not be read, or holds a key, a value or a shape its settings do not take.
    case badConfiguration(path: String, reason: String)
    /// A line of the package's `.litmus-quarantine` is malformed; `location` is `file:line`.
    case badQuarantine(location: String, reason: String)
    /// An option's value is out of range (`key` as in the configuration file).
    case badOption(key: String, reason: String)
    /// `--build-path` lies inside the audited package, which the audit must not write to.
    case buildFolderInsidePackage(buildFolder: String, package: String)
    /// The build cache (`$LITMUS_CACHE_DIR/builds`, …) lies inside the audited package.
    case cacheInsidePackage(cache: String, package: String)
    /// The build cache's folder cannot be created or written; `reason` says why.
    case cacheUnusable(path: String, reason: String)
    /// The temporary folder (`TMPDIR`), where the audit's scratch folder goes, lies inside the package.
    case temporaryFolderInsidePackage(folder: String, package: String)
    /// The compiler's module cache the builds share (`LITMUS_MODULE_CACHE`) lies inside the package.
    case moduleCacheInsidePackage(folder: String, package: String)
    /// A disk filled up while the audit wrote to `path` (the build, or the build cache).
    case diskFull(path: String, during: String)
    /// `swift package describe` failed, so the test sources cannot be analysed.
    case cannotDescribe(path: String, output: String)
    /// A test process could not be started.
    case cannotRun(executable: String, reason: String)
    /// `--since REF` cannot be used: the ref names no commit, or there is no git history.
    case badSince(ref: String, reason: String)

    /// `text` as one word of a shell command: as it is when it holds only letters, digits and `/._-+@`, else in single
    /// quotes (a path with a space).
    public static func shellWord(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+@".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The message shown to a person.
    public var description: String {
        switch self {
        case .notAPackage(let path):
            return
                "\(path) holds no Package.swift. Pass the folder of a Swift package (the one holding its Package.swift)."
        case .buildFailed(let path, let errors):
            let shown = errors.prefix(20).joined(separator: "\n  ")
            return "The tests of \(path) do not build (swift build --build-tests failed):\n  \(shown)\n"
                + "Fix these errors (`swift build --build-tests` in the package shows them all), then run again."
        case .buildNeedsOption(let path, let errors, let option, let why):
            let shown = errors.prefix(20).joined(separator: "\n  ")
            return "The tests of \(path) do not build (swift build --build-tests failed):\n  \(shown)\n"
                + "\(why): pass `\(option)` to swift build, as its CI may (`litmus audit \(path) -- \(option)`, or "
                + "\"buildArguments\": [\"\(option)\"] in .litmus-audit.json)."
        case .buildOptionRejected(let arguments, let message):
            return "swift build refused the build options \(arguments.joined(separator: " ")): \(message)\n"
                + "Fix them (swift build --help lists its options) where they are given: after `--` on the command "
                + "line, or buildArguments, configuration or traits in .litmus-audit.json."
        case .noTestBinary(let path, let folders):
            guard !folders.isEmpty else {
                return "\(path) has no test target: add one (Tests/<Name>Tests), so that its tests can be run."
            }
            return "\(path) has no test target, so `swift test` runs none of the tests declared in "
                + "\(folders.joined(separator: ", ")) (an Xcode project may build them): add a test target of "
                + "\(folders.count == 1 ? "that folder" : "those folders") (`.testTarget(name:path:)`) so that they "
                + "can be run, or read them without a build (`litmus smells "
                + "\(folders.map(Self.shellWord).joined(separator: " "))`)."
        case .toolMissing(let name):
            return "\(name) was not found on PATH nor beside `swift`: install the Swift toolchain (swift.org) "
                + "and put its usr/bin on PATH."
        case .badConfiguration(let path, let reason):
            return "The audit configuration \(path) cannot be used: \(reason). docs/audit.md lists its keys."
        case .badQuarantine(let location, let reason):
            return "\(location): \(reason). The quarantine file holds one test id a line with its reason "
                + "(docs/audit.md, Quarantine)."
        case .badOption(let key, let reason):
            return "The option \(key) \(reason). docs/audit.md lists the options and their defaults."
        case .buildFolderInsidePackage(let buildFolder, let package):
            return "The build folder \(buildFolder) is inside the audited package \(package), which the audit never "
                + "writes to: pass a --build-path outside it."
        case .cacheInsidePackage(let cache, let package):
            return "The build cache \(cache) is inside the audited package \(package), which the audit never writes "
                + "to: set LITMUS_CACHE_DIR to a folder outside it (or unset it for ~/.cache/litmus)."
        case .cacheUnusable(let path, let reason):
            return "The build cache \(path) cannot be used: \(reason). Set LITMUS_CACHE_DIR to a folder you can "
                + "write, or pass --build-path DIR or --no-build-cache."
        case .temporaryFolderInsidePackage(let folder, let package):
            return "The temporary folder \(folder) is inside the audited package \(package), which the audit never "
                + "writes to: set TMPDIR to a folder outside it."
        case .moduleCacheInsidePackage(let folder, let package):
            return "The module cache \(folder) is inside the audited package \(package), which the audit never "
                + "writes to: set LITMUS_MODULE_CACHE to a folder outside it (unset, it is module-cache in Litmus's "
                + "cache folder: LITMUS_CACHE_DIR, else $XDG_CACHE_HOME/litmus, else ~/.cache/litmus)."
        case .diskFull(let path, let during):
            return "No space left on the disk of \(path) during \(during): this is no error of the package. Free some "
                + "space there (litmus clean --all deletes every kept build), or point TMPDIR, LITMUS_CACHE_DIR, "
                + "LITMUS_MODULE_CACHE or --build-path at another disk, then run again."
        case .cannotDescribe(let path, let output):
            return "`swift package describe` failed for \(path), so its test sources cannot be read:\n  "
                + output.suffix(1000) + "\nRun `swift package describe` in the package to see why."
        case .cannotRun(let executable, let reason):
            return "\(executable) could not be started: \(reason)."
        case .badSince(let ref, let reason):
            return "--since \(ref): \(reason)."
        }
    }

    /// The same message, for `localizedDescription`.
    public var errorDescription: String? { description }
}
