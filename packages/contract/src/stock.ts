// The stock part of the contract: schemas, types and messages of the stock API.
export {};
