// DOMException: the error type the web APIs throw (AbortError, DataCloneError, ...).
(function (internal) {
  'use strict';

  // WebIDL's legacy error codes; names missing here have code 0.
  const legacy = [
    ['IndexSizeError', 'INDEX_SIZE_ERR'],
    ['DOMStringSizeError', 'DOMSTRING_SIZE_ERR'],
    ['HierarchyRequestError', 'HIERARCHY_REQUEST_ERR'],
    ['WrongDocumentError', 'WRONG_DOCUMENT_ERR'],
    ['InvalidCharacterError', 'INVALID_CHARACTER_ERR'],
    ['NoDataAllowedError', 'NO_DATA_ALLOWED_ERR'],
    ['NoModificationAllowedError', 'NO_MODIFICATION_ALLOWED_ERR'],
    ['NotFoundError', 'NOT_FOUND_ERR'],
    ['NotSupportedError', 'NOT_SUPPORTED_ERR'],
    ['InUseAttributeError', 'INUSE_ATTRIBUTE_ERR'],
    ['InvalidStateError', 'INVALID_STATE_ERR'],
    ['SyntaxError', 'SYNTAX_ERR'],
    ['InvalidModificationError', 'INVALID_MODIFICATION_ERR'],
    ['NamespaceError', 'NAMESPACE_ERR'],
    ['InvalidAccessError', 'INVALID_ACCESS_ERR'],
    ['ValidationError', 'VALIDATION_ERR'],
    ['TypeMismatchError', 'TYPE_MISMATCH_ERR'],
    ['SecurityError', 'SECURITY_ERR'],
    ['NetworkError', 'NETWORK_ERR'],
    ['AbortError', 'ABORT_ERR'],
    ['URLMismatchError', 'URL_MISMATCH_ERR'],
    ['QuotaExceededError', 'QUOTA_EXCEEDED_ERR'],
    ['TimeoutError', 'TIMEOUT_ERR'],
    ['InvalidNodeTypeError', 'INVALID_NODE_TYPE_ERR'],
    ['DataCloneError', 'DATA_CLONE_ERR'],
  ];
  const codes = new Map(legacy.map(([name], i) => [name, i + 1]));

  class DOMException extends Error {
    #name;

    // options is a name, or (like Node) a bag {name, cause}.
    constructor(message = '', options = 'Error') {
      super(`${message}`);
      if (options !== null && typeof options === 'object') {
        this.#name = 'name' in options ? `${options.name}` : 'Error';
        if ('cause' in options) {
          Object.defineProperty(this, 'cause', { value: options.cause, writable: true, configurable: true });
        }
      } else {
        this.#name = `${options}`;
      }
    }

    get name() {
      return this.#name;
    }

    get code() {
      return codes.get(this.#name) ?? 0;
    }
  }

  legacy.forEach(([, constant], i) => {
    const desc = { value: i + 1, enumerable: true };
    Object.defineProperty(DOMException, constant, desc);
    Object.defineProperty(DOMException.prototype, constant, desc);
  });
  Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });

  return { DOMException };
})
