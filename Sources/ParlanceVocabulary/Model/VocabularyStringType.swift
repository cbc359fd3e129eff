/// The kinds of user-specific vocabulary an app can register, as SiriKit's
/// `INVocabularyStringType` names them.
public enum VocabularyStringType: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    case contactName
    case contactGroupName
    case photoTag
    case photoAlbumName
    case workoutActivityName
    case carProfileName
    case carName
    case paymentsOrganizationName
    case paymentsAccountNickname
    case notebookItemTitle
    case notebookItemGroupName
    case mediaPlaylistTitle
    case mediaMusicArtistName
    case mediaAudiobookTitle
    case mediaAudiobookAuthorName
    case mediaShowTitle

    public var description: String { rawValue }

    /// Parses a type name; accepts SiriKit's Objective-C spelling too
    /// (`INVocabularyStringTypeContactName`).
    public init(name: String) throws(UnknownVocabularyTypeError) {
        var candidate = name
        if candidate.hasPrefix("INVocabularyStringType") {
            candidate.removeFirst("INVocabularyStringType".count)
            if let first = candidate.first { candidate = first.lowercased() + candidate.dropFirst() }
        }
        guard let type = VocabularyStringType(rawValue: candidate) else { throw UnknownVocabularyTypeError(name: name) }
        self = type
    }
}

/// A vocabulary type name that SiriKit does not have.
public struct UnknownVocabularyTypeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public var description: String {
        "unknown vocabulary type '\(name)': expected one of " + VocabularyStringType.allCases.map(\.rawValue).joined(separator: ", ")
    }
}

extension VocabularyStringType {
    /// The type's place among ``allCases``: the order types are listed in.
    var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
