export declare const BROKER_SERVICES: readonly string[];
export declare function brokerPermissions(service: string): {
  configure: string;
  write: string;
  read: string;
};
