import { describe, expect, it } from "vitest";
import { loadEnv, s3SettingsOf } from "./env";

describe("DATABASE_POOL_SIZE", () => {
  it("defaults to 10 connections and takes a positive whole number", () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_POOL_SIZE: "4" }).DATABASE_POOL_SIZE).toBe(4);
  });

  it("refuses zero, fractions and words with the key named", () => {
    for (const value of ["0", "2.5", "many"]) {
      expect(() => loadEnv({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe("DATABASE_DIRECT_URL", () => {
  it("goes with DATABASE_URL (the pooler's address), and alone is refused with both keys named", () => {
    expect(
      loadEnv({ DATABASE_URL: "postgres://pooler:6432/plaza", DATABASE_DIRECT_URL: "postgres://db:5432/plaza" }),
    ).toMatchObject({ DATABASE_DIRECT_URL: "postgres://db:5432/plaza" });
    expect(() => loadEnv({ DATABASE_DIRECT_URL: "postgres://db:5432/plaza" })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL too/,
    );
  });
});

describe("DATABASE_REPLICA_URLS", () => {
  it("takes a comma-separated list of connection strings beside DATABASE_URL", () => {
    const env = loadEnv({
      DATABASE_URL: "postgres://primary/plaza",
      DATABASE_REPLICA_URLS: " postgres://replica-a/plaza , postgres://replica-b/plaza,",
    });
    expect(env.DATABASE_REPLICA_URLS).toEqual(["postgres://replica-a/plaza", "postgres://replica-b/plaza"]);
    expect(env.DATABASE_REPLICA_MAX_LAG_MS).toBe(5_000);
    expect(loadEnv({}).DATABASE_REPLICA_URLS).toEqual([]);
  });

  it("refuses a malformed entry, and replicas without a primary", () => {
    expect(() => loadEnv({ DATABASE_URL: "postgres://p/plaza", DATABASE_REPLICA_URLS: "replica" })).toThrow(
      /DATABASE_REPLICA_URLS/,
    );
    expect(() => loadEnv({ DATABASE_REPLICA_URLS: "postgres://replica/plaza" })).toThrow(/needs DATABASE_URL too/);
  });
});

describe("TRUST_PROXY", () => {
  it("keeps on/off and defaults to off", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "on" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
  });

  it("takes a hop count", () => {
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: " 3 " }).TRUST_PROXY).toBe(3);
  });

  it("takes a list of addresses, CIDR ranges and proxy-addr's range names", () => {
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8, ::1, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
      "::1",
      "loopback",
    ]);
  });

  it.each([
    ["yes", /TRUST_PROXY: "yes" is not an IP address/],
    ["10.0.0.0/33", /"10.0.0.0\/33" is not/],
    ["10.0.0.1, proxy.internal", /"proxy.internal" is not/],
    ["300.1.1.1", /"300.1.1.1" is not/],
    ["fd00::/129", /"fd00::\/129" is not/],
    ["10.0.0.0/8/1", /"10.0.0.0\/8\/1" is not/],
    ["11", /TRUST_PROXY: at most 10 hops/],
  ])("refuses %j with a clear message", (value, message) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(message);
  });
});

describe("SMTP_URL and MAIL_FROM", () => {
  it("are optional; SMTP_URL takes smtp:// and smtps:// addresses only", () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({ SMTP_URL: "smtps://user:secret@mail.example:465" }).SMTP_URL).toBe(
      "smtps://user:secret@mail.example:465",
    );
    expect(loadEnv({ MAIL_FROM: "Plaza <hi@plaza.example>" }).MAIL_FROM).toBe("Plaza <hi@plaza.example>");
    for (const value of ["http://mail.example", "not a url"]) {
      expect(() => loadEnv({ SMTP_URL: value })).toThrow(/SMTP_URL/);
    }
  });
});

describe("TIPS_PER_MINUTE", () => {
  it("defaults to the product's limit and takes a whole number from 1", () => {
    expect(loadEnv({}).TIPS_PER_MINUTE).toBe(10);
    expect(loadEnv({ TIPS_PER_MINUTE: "1000" }).TIPS_PER_MINUTE).toBe(1000);
    for (const value of ["0", "2.5", "many"])
      expect(() => loadEnv({ TIPS_PER_MINUTE: value })).toThrow(/TIPS_PER_MINUTE/);
  });
});

describe("S3_* object storage", () => {
  const complete = {
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_BUCKET: "plaza-media",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("is off (local disk) without any of them, and with empty values", () => {
    expect(s3SettingsOf(loadEnv({}))).toBeNull();
    expect(s3SettingsOf(loadEnv({ S3_BUCKET: "", S3_ENDPOINT: "" }))).toBeNull();
  });

  it("is on with all of them; the endpoint and the CDN address are optional", () => {
    expect(s3SettingsOf(loadEnv({ ...complete, S3_PUBLIC_URL: "https://cdn.example.com/media" }))).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "plaza-media",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example.com/media",
    });
    expect(s3SettingsOf(loadEnv({ ...complete, S3_ENDPOINT: undefined }))?.endpoint).toBeUndefined();
  });

  it("refuses some without the others, naming each missing key", () => {
    expect(() => loadEnv({ S3_BUCKET: "plaza-media" })).toThrow(
      /S3_REGION: required with S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ S3_PUBLIC_URL: "https://cdn.example.com" })).toThrow(
      /S3_BUCKET: required with S3_PUBLIC_URL/,
    );
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = complete;
    expect(() => loadEnv(withoutSecret)).toThrow(/S3_SECRET_ACCESS_KEY: required/);
  });

  it("refuses a bad endpoint, CDN address or bucket name with the key named", () => {
    expect(() => loadEnv({ ...complete, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadEnv({ ...complete, S3_PUBLIC_URL: "cdn" })).toThrow(/S3_PUBLIC_URL/);
    expect(() => loadEnv({ ...complete, S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET: must be a bucket name/);
  });
});

describe("PAYMENT_PROVIDER", () => {
  it("defaults to the built-in test provider, which needs no Stripe keys", () => {
    expect(loadEnv({}).PAYMENT_PROVIDER).toBe("test");
  });

  it("stripe stops the start naming each missing key", () => {
    expect(() => loadEnv({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    const partial = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1" };
    expect(() => loadEnv(partial)).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(() => loadEnv(partial)).not.toThrow(/STRIPE_SECRET_KEY/);
    const complete = { ...partial, STRIPE_WEBHOOK_SECRET: "whsec_1", STRIPE_API_URL: "http://127.0.0.1:12111" };
    expect(loadEnv(complete).STRIPE_API_URL).toBe("http://127.0.0.1:12111");
  });
});

describe("DEMO_DATA", () => {
  it("defaults to on only for the embedded database on a loopback or unset PUBLIC_URL, and says why", () => {
    expect(loadEnv({})).toMatchObject({ DEMO_DATA: true, DEMO_DATA_REASON: "PUBLIC_URL is unset" });
    for (const local of [
      "http://localhost:5000",
      "http://127.0.0.1:8080/",
      "http://[::1]:5000",
      "http://app.localhost",
    ]) {
      expect(loadEnv({ PUBLIC_URL: local }).DEMO_DATA, local).toBe(true);
    }
    for (const remote of ["https://plaza.example", "http://192.168.1.20:5000", "https://localhost.example.com"]) {
      expect(loadEnv({ PUBLIC_URL: remote }), remote).toMatchObject({
        DEMO_DATA: false,
        DEMO_DATA_REASON: `PUBLIC_URL ${remote} is not a loopback address`,
      });
    }
    expect(loadEnv({ DATABASE_URL: "postgres://db/plaza" })).toMatchObject({
      DEMO_DATA: false,
      DEMO_DATA_REASON: "DATABASE_URL is set",
    });
  });

  it("follows DEMO_DATA when it is set", () => {
    expect(loadEnv({ DEMO_DATA: "on", PUBLIC_URL: "https://plaza.example" })).toMatchObject({
      DEMO_DATA: true,
      DEMO_DATA_REASON: "DEMO_DATA=on",
    });
    expect(loadEnv({ DEMO_DATA: "off" }).DEMO_DATA).toBe(false);
  });
});
