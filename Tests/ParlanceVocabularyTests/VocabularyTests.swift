import Testing
@testable import ParlanceVocabulary
