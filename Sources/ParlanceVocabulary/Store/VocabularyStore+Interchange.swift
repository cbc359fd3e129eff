/// Moving user vocabulary between a store and `UserVocabulary.json` interchange files.
extension VocabularyStore {
    /// Imports an interchange file for (app, user) in one transaction: each type in the file
    /// replaces that type's set; with `replacingAll`, types not in the file are removed too.
    ///
    /// - Returns: Warnings for the entries discarded.
    /// - Throws: ``VocabularyLoadError`` for a bad file (nothing is written then), or
    ///   ``VocabularyStoreError``.
    @discardableResult
    public func importInterchangeFile(_ file: String, app: String, user: String = "", replacingAll: Bool = false) throws -> [VocabularyWarning] {
        let loaded = try UserVocabulary.load(interchangeFile: file, app: app, user: user)
        try save(loaded.vocabulary, replacingAll: replacingAll)
        return loaded.warnings
    }

    /// The interchange file's bytes for (app, user): every set, from one snapshot.
    public func interchangeJSON(app: String, user: String = "") throws(VocabularyStoreError) -> [UInt8] {
        try vocabulary(app: app, user: user).interchangeJSON()
    }

    /// Writes (app, user)'s sets to an interchange file, atomically.
    public func exportInterchangeFile(to file: String, app: String, user: String = "") throws {
        try vocabulary(app: app, user: user).writeInterchangeFile(to: file)
    }
}
