// The console's only script: the two passkey ceremonies. The server sends WebAuthn's options as
// JSON and takes the browser's answer as JSON (PublicKeyCredential.toJSON), so nothing here
// converts bytes by hand. The button is a real <button> in a form: without this script nothing
// happens but the notice that passkeys need a browser that supports them.
(() => {
  const form = document.querySelector('form[data-passkey]');
  if (!form) return;
  const status = document.getElementById('passkey-status');
  const button = form.querySelector('button');
  const say = (text) => {
    status.textContent = text;
  };
  const supported =
    window.PublicKeyCredential &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function' &&
    typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function';
  if (!supported) {
    say(form.dataset.unsupported);
    button.disabled = true;
    return;
  }
  const post = async (path, body) => {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw Object.assign(new Error('refused'), { message: answer.message });
    return answer;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    say(form.dataset.working);
    const enrolling = form.dataset.passkey === 'enrol';
    const token = form.dataset.token;
    try {
      if (enrolling) {
        const options = await post('/console/passkeys/enrol/options', { token });
        const credential = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
        await post('/console/passkeys/enrol', { token, response: credential.toJSON() });
      } else {
        const options = await post('/console/passkeys/sign-in/options', {});
        const credential = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
        await post('/console/passkeys/sign-in', { response: credential.toJSON() });
      }
      // The console is not a Next.js page: a plain navigation is the way there.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/console');
    } catch (error) {
      say(error.message || form.dataset.failed);
      button.disabled = false;
      button.focus();
    }
  });
})();
