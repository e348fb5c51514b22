import Foundation
import LitmusModel

/// Brings a kept copy of the package up to date with the package, touching only what changed.
///
/// SwiftPM (llbuild and the Swift driver) decides what to recompile from each source file's modification
/// time. A copy made afresh gives every file the time of the copy, so everything recompiles (checked: the
/// Clean fixture's two modules, in BuildReuseEndToEndTests); this sync leaves a file alone when its
/// contents already match (same inode, same time), and writes a changed file with the package's
/// modification time. Files the package no longer has (or that a test wrote into its working directory) are
/// deleted (a stale `default.profraw` too: builds no longer write one there,
/// ``PackageWorkspace/runSwift(_:_:environment:outputFile:timeout:)``), except SwiftPM's own
/// Package.resolved when the package has none; one the package had and has deleted goes too (its pins may
/// name revisions the package no longer asks for), told from SwiftPM's by a note in the copy's `.swiftpm`
/// (``resolvedFromPackage``). Build folders (`.build*`), `.git` and `.swiftpm` are neither copied nor
/// deleted. Manifests get their local dependencies pointed at the real folders (``LocalDependencies``)
/// before comparing, and with `observer` the footprint observer's target (``FootprintObserver``), whose
/// folder the sync leaves alone.
enum WorkspaceSync {
    /// Makes `copy` hold what `original` holds, except the files at `preserving` (relative paths), which
    /// it neither writes nor deletes; returns the relative paths of the files it wrote.
    @discardableResult
    static func sync(from original: URL, to copy: URL, preserving: Set<String> = [], observer: Bool = false) throws
        -> [String]
    {
        var written: [String] = []
        let fileManager = FileManager.default
        let note = copy.appendingPathComponent(resolvedFromPackage)
        let packageResolves = fileManager.fileExists(atPath: original.appendingPathComponent("Package.resolved").path)
        if !packageResolves, fileManager.fileExists(atPath: note.path) {
            try? fileManager.removeItem(at: copy.appendingPathComponent("Package.resolved"))
            try fileManager.removeItem(at: note)
        }
        try sync(
            folder: "", original: original, copy: copy, root: original,
            preserving: preserving.union([FootprintObserver.target]), observer: observer, written: &written)
        if packageResolves {
            try fileManager.createDirectory(at: note.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: note)
        }
        return written
    }

    /// The note, in the copy, that its Package.resolved is the package's (copied by the sync), not the one
    /// SwiftPM wrote when the package had none.
    static let resolvedFromPackage = ".swiftpm/litmus-resolved-from-package"

    private static func skipped(_ name: String) -> Bool { PackageWorkspace.isNotCopied(name) }

    private static func sync(
        folder: String, original: URL, copy: URL, root: URL, preserving: Set<String>, observer: Bool,
        written: inout [String]
    ) throws {
        let fileManager = FileManager.default
        let source = folder.isEmpty ? original : original.appendingPathComponent(folder)
        let destination = folder.isEmpty ? copy : copy.appendingPathComponent(folder)
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        let names = Set(try fileManager.contentsOfDirectory(atPath: source.path).filter { !skipped($0) })
        for name in try fileManager.contentsOfDirectory(atPath: destination.path) where !names.contains(name) {
            if skipped(name) || (folder.isEmpty && name == "Package.resolved")
                || preserving.contains(folder.isEmpty ? name : "\(folder)/\(name)")
            {
                continue
            }
            try fileManager.removeItem(at: destination.appendingPathComponent(name))
        }
        for name in names.sorted() {
            let relative = folder.isEmpty ? name : "\(folder)/\(name)"
            if preserving.contains(relative) { continue }
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            let attributes = try fileManager.attributesOfItem(atPath: from.path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                if isFile(to) { try fileManager.removeItem(at: to) }
                try sync(
                    folder: relative, original: original, copy: copy, root: root, preserving: preserving,
                    observer: observer, written: &written)
            } else if try update(
                file: to, from: from, attributes: attributes, manifest: folder.isEmpty, root: root, observer: observer)
            {
                written.append(relative)
            }
        }
    }

    private static func isFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Writes `file` when its contents differ from what it should hold; returns whether it wrote.
    private static func update(
        file: URL, from source: URL, attributes: [FileAttributeKey: Any], manifest: Bool, root: URL, observer: Bool
    ) throws -> Bool {
        let fileManager = FileManager.default
        var expected = try Data(contentsOf: source)
        let name = source.lastPathComponent
        if manifest, name.hasPrefix("Package"), name.hasSuffix(".swift") {
            let text = LocalDependencies.absolutized(String(decoding: expected, as: UTF8.self), packageFolder: root)
            expected = Data((observer ? (try? FootprintObserver.adding(to: text).get()) ?? text : text).utf8)
        }
        let modified = attributes[.modificationDate] as? Date
        if isFile(file), let existing = try? Data(contentsOf: file), existing == expected {
            let current = (try? fileManager.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
            if let modified, let current, abs(current.timeIntervalSince(modified)) > 0.001 {
                try fileManager.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
            }
            return false
        }
        if fileManager.fileExists(atPath: file.path) { try fileManager.removeItem(at: file) }
        try expected.write(to: file)
        var kept: [FileAttributeKey: Any] = [:]
        if let modified { kept[.modificationDate] = modified }
        if let permissions = attributes[.posixPermissions] { kept[.posixPermissions] = permissions }
        try fileManager.setAttributes(kept, ofItemAtPath: file.path)
        return true
    }
}
