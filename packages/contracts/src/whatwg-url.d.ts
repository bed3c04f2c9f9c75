/**
 * The part of the WHATWG URL class that the contracts use. It is global in browsers and in Node, but the contracts
 * compile without DOM or Node types; the apps that import them see the full class from their own types.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
