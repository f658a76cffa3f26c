// Placeholder until the banner dialog lands (issue 6): the button the admin header shows.
export function BannerManagerButton() {
  return null
}
