/** '/privacy' (docs/product.md "Audience"): what the app counts about listening, and what it never does. */
export function PrivacyPage() {
  return (
    <article className="privacy-page">
      <h1>Privacy</h1>
      <p>This app counts how many people listen, so the station can tell its sponsors. Here is all of it.</p>
      <h2>What is counted</h2>
      <ul>
        <li>While sound plays in this app&apos;s player, it tells our server once a minute that someone is listening: live, an episode or a track, and the country you chose in the app, if you chose one.</li>
        <li>Each install of the app makes itself a random number, kept on your device, so one listener counts once. It says nothing about you or your device. Clearing the site&apos;s data makes a new one.</li>
        <li>When you pause, or close the app, counting stops.</li>
        <li>Other apps that play the station&apos;s own stream (a radio app, VLC) are counted too: while they fetch the stream, their requests are grouped into listening sessions by a code made from the address and the app&apos;s name with a secret that changes every day. The code and the secret stay in the server&apos;s memory and are never stored.</li>
      </ul>
      <h2>What is not</h2>
      <ul>
        <li>No cookies, no third-party trackers, no fingerprinting, no advertising identifiers.</li>
        <li>Your internet address is used only to stop abuse (too many requests) and is never stored with what you listened to.</li>
        <li>Listening records are kept 90 days; after that only hourly totals remain.</li>
      </ul>
    </article>
  );
}
