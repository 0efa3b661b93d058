/** Splits a number of seconds into days, hours, minutes and seconds for display. */
export function splitSeconds(total: number): {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
} {
  const whole = Math.max(0, Math.floor(total));
  return {
    days: Math.floor(whole / 86_400),
    hours: Math.floor((whole % 86_400) / 3_600),
    minutes: Math.floor((whole % 3_600) / 60),
    seconds: whole % 60,
  };
}
