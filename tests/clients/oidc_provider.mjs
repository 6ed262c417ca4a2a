// A real OpenID provider for the accounts tests (tests/accounts/test_oidc.py): panva's certified
// oidc-provider with one static client and one user, on 127.0.0.1. Its sign-in and consent
// pages are replaced by an interaction that signs the one user in and grants what the client
// asked for, so a test drives the whole round trip over HTTP without a browser.
//
// Configuration: a JSON object in OIDC_TEST_PROVIDER:
//   {"issuer": "http://127.0.0.1:PORT", "port": 1234,
//    "client": {"id": "...", "secret": "...", "redirect_uri": "..."},
//    "user": {"sub": "...", "email": "...", "name": "...", "role": "agent"},
//    "jwks": {"keys": [<private JWK>]}}
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const config = JSON.parse(process.env.OIDC_TEST_PROVIDER);
const { user } = config;

async function findAccount(ctx, sub) {
  if (sub !== user.sub) return undefined;
  return {
    accountId: sub,
    claims: async () => ({
      sub,
      email: user.email,
      email_verified: true,
      name: user.name,
      propsearch_role: user.role,
    }),
  };
}

const provider = new Provider(config.issuer, {
  clients: [{
    client_id: config.client.id,
    client_secret: config.client.secret,
    redirect_uris: [config.client.redirect_uri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
  }],
  jwks: config.jwks,
  findAccount,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'propsearch_role'],
  },
  conformIdTokenClaims: false, // the scopes' claims go in the ID token itself
  features: { devInteractions: { enabled: false } },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: ['a cookie key for tests only'] },
  pkce: { required: () => true },
});

async function interact(req, res) {
  const details = await provider.interactionDetails(req, res);
  let result;
  if (details.prompt.name === 'login') {
    result = { login: { accountId: user.sub } };
  } else {
    const grant = new provider.Grant({
      accountId: details.session.accountId,
      clientId: details.params.client_id,
    });
    grant.addOIDCScope(details.params.scope);
    result = { consent: { grantId: await grant.save() } };
  }
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

const callback = provider.callback();
const server = createServer((req, res) => {
  if (!req.url.startsWith('/interaction/')) {
    callback(req, res);
    return;
  }
  interact(req, res).catch((error) => {
    res.statusCode = 500;
    res.end(String(error));
  });
});
server.listen(config.port, '127.0.0.1', () => {
  process.stdout.write(`oidc-provider ready on ${config.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
