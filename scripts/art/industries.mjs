// Generates the six industry illustrations (640×400 SVG, duotone on navy).
// Usage: node scripts/art/industries.mjs public/images/industries
import { writeFileSync, mkdirSync } from 'node:fs'
const OUT = process.argv[2]
mkdirSync(OUT, { recursive: true })
const W = 640,
  H = 400,
  GROUND = 332
const TEAL = '#2dd4bf',
  TEAL_D = '#14b8a6',
  SKY = '#93c5fd',
  NAVY = '#0f1f4d',
  BLUE = '#1e40af'
const r = (n) => Math.round(n * 10) / 10

function frame(id, body, glow = [0.82, 0.18]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs><linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f1f4d"/><stop offset="1" stop-color="#1d3b8f"/></linearGradient>
<radialGradient id="${id}g" cx="${glow[0]}" cy="${glow[1]}" r="0.65"><stop offset="0" stop-color="${TEAL}" stop-opacity=".30"/><stop offset="1" stop-color="${TEAL}" stop-opacity="0"/></radialGradient>
<pattern id="${id}d" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.1" fill="#fff" fill-opacity=".08"/></pattern></defs>
<rect width="${W}" height="${H}" fill="url(#${id}b)"/><rect width="${W}" height="${H}" fill="url(#${id}g)"/><rect width="${W}" height="${H}" fill="url(#${id}d)"/>
<rect y="${GROUND}" width="${W}" height="${H - GROUND}" fill="#0b1738" fill-opacity=".55"/><rect y="${GROUND}" width="${W}" height="2" fill="${TEAL}" fill-opacity=".55"/>
${body}
</svg>`
}

function windows(x, y, w, h, cols, rows, color, opacity, lit = []) {
  let s = ''
  const gx = w / cols,
    gy = h / rows
  for (let c = 0; c < cols; c++)
    for (let k = 0; k < rows; k++) {
      const isLit = lit.includes(`${c},${k}`)
      s += `<rect x="${r(x + c * gx + gx * 0.22)}" y="${r(y + k * gy + gy * 0.25)}" width="${r(gx * 0.56)}" height="${r(gy * 0.5)}" rx="1.5" fill="${isLit ? TEAL : color}" fill-opacity="${isLit ? 0.9 : opacity}"/>`
    }
  return s
}

function realEstate() {
  let s = ''
  // Back skyline.
  for (const [x, w, h] of [
    [40, 60, 150],
    [110, 50, 200],
    [230, 70, 170],
    [380, 60, 215],
    [520, 80, 160],
    [590, 50, 120],
  ])
    s += `<rect x="${x}" y="${GROUND - h}" width="${w}" height="${h}" fill="${SKY}" fill-opacity=".18"/>`
  // Front buildings.
  const front = [
    [70, 90, 170, 3, 6],
    [175, 100, 245, 3, 9],
    [290, 70, 185, 2, 7],
    [375, 110, 220, 3, 8],
    [500, 95, 150, 3, 5],
  ]
  front.forEach(([x, w, h, cols, rows], i) => {
    s += `<rect x="${x}" y="${GROUND - h}" width="${w}" height="${h}" rx="3" fill="#fff" fill-opacity="${i % 2 ? 0.95 : 0.86}"/>`
    s += windows(
      x + 8,
      GROUND - h + 14,
      w - 16,
      h - 40,
      cols,
      rows,
      BLUE,
      0.55,
      i === 3 ? ['1,2', '2,5', '0,6'] : i === 1 ? ['2,3', '0,6'] : ['1,1'],
    )
    s += `<rect x="${x + w / 2 - 9}" y="${GROUND - 22}" width="18" height="22" fill="${NAVY}" fill-opacity=".7"/>`
  })
  // Crane on the tallest building.
  const cx = 430,
    top = GROUND - 220
  s += `<g stroke="${TEAL}" stroke-width="4" stroke-linecap="round" fill="none"><path d="M${cx} ${top} V${top - 62}"/><path d="M${cx - 40} ${top - 58} H${cx + 120}"/><path d="M${cx} ${top - 62} L${cx + 100} ${top - 58}"/><path d="M${cx + 96} ${top - 58} V${top - 20}"/></g>`
  s += `<rect x="${cx + 86}" y="${top - 22}" width="20" height="14" rx="2" fill="${TEAL}"/>`
  // Trees.
  for (const x of [40, 278, 600])
    s += `<circle cx="${x}" cy="${GROUND - 18}" r="16" fill="${TEAL_D}" fill-opacity=".75"/><rect x="${x - 2}" y="${GROUND - 8}" width="4" height="8" fill="${TEAL_D}"/>`
  return frame('re', s)
}

function retail() {
  let s = ''
  const x0 = 120,
    x1 = 470,
    top = 150
  s += `<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${GROUND - top}" rx="4" fill="#fff" fill-opacity=".94"/>`
  s += `<rect x="${x0 - 10}" y="${top - 30}" width="${x1 - x0 + 20}" height="34" rx="4" fill="${NAVY}"/>`
  s += `<rect x="${x0 + 110}" y="${top - 22}" width="150" height="18" rx="9" fill="${TEAL}" fill-opacity=".9"/>`
  // Striped awning with scallops.
  const n = 10,
    sw = (x1 - x0 + 20) / n
  for (let i = 0; i < n; i++) {
    const x = x0 - 10 + i * sw
    const fill = i % 2 ? '#fff' : TEAL
    s += `<path d="M${r(x)} ${top + 4} h${r(sw)} v30 a${r(sw / 2)} ${r(sw / 2.6)} 0 0 1 ${r(-sw)} 0 z" fill="${fill}"/>`
  }
  // Windows with goods.
  for (const wx of [x0 + 22, x0 + 228]) {
    s += `<rect x="${wx}" y="${top + 64}" width="100" height="90" rx="3" fill="${SKY}" fill-opacity=".35" stroke="${BLUE}" stroke-opacity=".5" stroke-width="3"/>`
    s += `<rect x="${wx + 12}" y="${top + 112}" width="22" height="36" rx="3" fill="${BLUE}" fill-opacity=".75"/><rect x="${wx + 40}" y="${top + 98}" width="22" height="50" rx="3" fill="${TEAL_D}"/><rect x="${wx + 68}" y="${top + 120}" width="22" height="28" rx="3" fill="${NAVY}" fill-opacity=".7"/>`
  }
  // Door.
  s += `<rect x="${x0 + 142}" y="${top + 64}" width="66" height="${GROUND - top - 64}" rx="3" fill="${NAVY}" fill-opacity=".8"/><circle cx="${x0 + 196}" cy="${top + 130}" r="3.5" fill="${TEAL}"/>`
  // Shopping bag.
  const bx = 505,
    by = 228
  s += `<path d="M${bx + 14} ${by} q0 -34 26 -34 q26 0 26 34" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`
  s += `<path d="M${bx} ${by} h80 l8 ${GROUND - by - 6} h-96 z" fill="${TEAL}"/><circle cx="${bx + 40}" cy="${by + 48}" r="14" fill="#fff" fill-opacity=".9"/>`
  // Lamp post.
  s += `<rect x="76" y="${GROUND - 150}" width="6" height="150" fill="#fff" fill-opacity=".7"/><rect x="66" y="${GROUND - 160}" width="26" height="14" rx="4" fill="${TEAL}"/>`
  return frame('rt', s, [0.2, 0.15])
}

function finance() {
  let s = ''
  // Grid lines.
  for (let y = 120; y < GROUND; y += 42) s += `<rect x="150" y="${y}" width="430" height="1.5" fill="#fff" fill-opacity=".12"/>`
  const bars = [
    [170, 70],
    [240, 110],
    [310, 95],
    [380, 150],
    [450, 185],
    [520, 225],
  ]
  bars.forEach(([x, h], i) => {
    s += `<rect x="${x}" y="${GROUND - h}" width="44" height="${h}" rx="4" fill="#fff" fill-opacity="${0.55 + i * 0.08}"/>`
  })
  const pts = bars.map(([x, h]) => `${x + 22},${GROUND - h - 38}`).join(' ')
  s += `<polyline points="${pts}" fill="none" stroke="${TEAL}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`
  bars.forEach(
    ([x, h]) => (s += `<circle cx="${x + 22}" cy="${GROUND - h - 38}" r="7" fill="${NAVY}" stroke="${TEAL}" stroke-width="4"/>`),
  )
  s += `<path d="M${542 + 8} ${GROUND - 263 - 20} l26 -4 l-10 24 z" fill="${TEAL}"/>`
  // Coin stacks.
  for (const [x, n] of [
    [62, 5],
    [104, 8],
  ]) {
    for (let i = 0; i < n; i++) {
      const y = GROUND - 10 - i * 12
      s += `<ellipse cx="${x}" cy="${y}" rx="24" ry="8" fill="${i % 2 ? '#fde68a' : '#fcd34d'}"/><ellipse cx="${x}" cy="${y - 3}" rx="24" ry="8" fill="#fef3c7"/>`
    }
  }
  // Bank pediment, small, top left.
  s += `<g fill="#fff" fill-opacity=".85"><path d="M40 130 L100 96 L160 130 z"/><rect x="46" y="134" width="108" height="8"/><rect x="54" y="146" width="12" height="44"/><rect x="80" y="146" width="12" height="44"/><rect x="108" y="146" width="12" height="44"/><rect x="134" y="146" width="12" height="44"/><rect x="44" y="192" width="112" height="10"/></g>`
  return frame('fn', s, [0.85, 0.1])
}

function gear(cx, cy, ro, ri, teeth) {
  let d = ''
  const step = (Math.PI * 2) / teeth
  for (let i = 0; i < teeth; i++) {
    const a = i * step
    const pts = [
      [ri, a],
      [ro, a + step * 0.15],
      [ro, a + step * 0.45],
      [ri, a + step * 0.6],
    ]
    pts.forEach(
      ([rad, ang], k) => (d += `${i === 0 && k === 0 ? 'M' : 'L'}${r(cx + rad * Math.cos(ang))} ${r(cy + rad * Math.sin(ang))} `),
    )
  }
  return d + 'Z'
}

function manufacturing() {
  let s = ''
  // Chimneys and smoke.
  for (const [x, h] of [
    [120, 210],
    [170, 180],
  ]) {
    s += `<rect x="${x}" y="${GROUND - h}" width="24" height="${h}" fill="${SKY}" fill-opacity=".55"/><rect x="${x}" y="${GROUND - h + 16}" width="24" height="6" fill="${TEAL}"/>`
    for (let i = 0; i < 3; i++)
      s += `<circle cx="${x + 12 + i * 16}" cy="${GROUND - h - 16 - i * 16}" r="${10 + i * 4}" fill="#fff" fill-opacity="${0.22 - i * 0.05}"/>`
  }
  // Sawtooth factory.
  const fx = 90,
    fw = 360,
    ft = 200
  let d = `M${fx} ${GROUND} V${ft + 40}`
  for (let i = 0; i < 4; i++) d += ` L${fx + i * 90 + 60} ${ft} V${ft + 40} L${fx + i * 90 + 90} ${ft + 40}`
  d += ` V${GROUND} Z`
  s += `<path d="${d}" fill="#f1f5f9"/>`
  for (let i = 0; i < 4; i++)
    s += `<path d="M${fx + i * 90 + 62} ${ft + 4} V${ft + 38} L${fx + i * 90 + 88} ${ft + 38} z" fill="${SKY}" fill-opacity=".6"/>`
  s += windows(fx + 16, ft + 58, fw - 32, 46, 6, 1, BLUE, 0.55, ['2,0'])
  s += `<rect x="${fx + 150}" y="${GROUND - 56}" width="60" height="56" fill="${NAVY}" fill-opacity=".75"/>`
  // Gear.
  s += `<path d="${gear(530, 170, 74, 58, 12)}" fill="${TEAL}"/><circle cx="530" cy="170" r="34" fill="#143070"/><circle cx="530" cy="170" r="14" fill="${TEAL}"/>`
  s += `<path d="${gear(590, 262, 40, 31, 9)}" fill="#fff" fill-opacity=".85"/><circle cx="590" cy="262" r="14" fill="#17347a"/>`
  // Conveyor with boxes.
  s += `<rect x="470" y="${GROUND - 22}" width="160" height="10" rx="5" fill="#fff" fill-opacity=".8"/>`
  for (const x of [480, 560])
    s += `<rect x="${x}" y="${GROUND - 54}" width="34" height="32" rx="2" fill="#fcd34d"/><rect x="${x + 13}" y="${GROUND - 54}" width="8" height="32" fill="#f59e0b" fill-opacity=".7"/>`
  return frame('mf', s, [0.8, 0.3])
}

function logistics() {
  let s = ''
  // Route with pins.
  s += `<path d="M40 120 C 160 40, 260 180, 380 90 S 560 60, 610 130" fill="none" stroke="${TEAL}" stroke-width="4" stroke-dasharray="10 10" stroke-linecap="round"/>`
  for (const [x, y] of [
    [40, 120],
    [380, 90],
    [610, 130],
  ])
    s += `<path d="M${x} ${y + 2} c-14 -16 -14 -38 0 -40 c14 2 14 24 0 40 z" transform="translate(0 -2)" fill="#fff"/><circle cx="${x}" cy="${y - 22}" r="6" fill="${NAVY}"/>`
  // Containers.
  const colors = [TEAL_D, '#fff', '#60a5fa', '#fff', TEAL_D, '#93c5fd']
  const cont = (x, y, c) => {
    let g = `<rect x="${x}" y="${y}" width="120" height="44" rx="2" fill="${c}" fill-opacity="${c === '#fff' ? 0.9 : 1}"/>`
    for (let i = 1; i < 8; i++)
      g += `<rect x="${x + i * 15}" y="${y + 5}" width="2.5" height="34" fill="${NAVY}" fill-opacity=".22"/>`
    return g
  }
  s +=
    cont(470, GROUND - 44, colors[0]) +
    cont(470, GROUND - 90, colors[1]) +
    cont(470, GROUND - 136, colors[2]) +
    cont(345, GROUND - 44, colors[3]) +
    cont(345, GROUND - 90, colors[4])
  // Truck.
  const tx = 60,
    ty = GROUND - 112
  s += `<rect x="${tx}" y="${ty}" width="190" height="88" rx="4" fill="#fff" fill-opacity=".95"/>`
  s += `<rect x="${tx + 14}" y="${ty + 30}" width="70" height="12" rx="6" fill="${TEAL}"/>`
  s += `<path d="M${tx + 196} ${ty + 24} h52 l30 34 v30 h-82 z" fill="${TEAL}"/><path d="M${tx + 208} ${ty + 32} h34 l20 24 h-54 z" fill="${NAVY}" fill-opacity=".75"/>`
  for (const x of [tx + 40, tx + 150, tx + 240])
    s += `<circle cx="${x}" cy="${GROUND - 12}" r="17" fill="${NAVY}"/><circle cx="${x}" cy="${GROUND - 12}" r="7" fill="#cbd5e1"/>`
  return frame('lg', s, [0.5, 0.1])
}

function fmcg() {
  let s = ''
  const sx = 90,
    sw = 330
  // Shelf unit.
  s += `<rect x="${sx}" y="90" width="${sw}" height="${GROUND - 90}" rx="4" fill="#fff" fill-opacity=".1" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>`
  const shelves = [170, 250, GROUND - 4]
  for (const y of shelves) s += `<rect x="${sx}" y="${y}" width="${sw}" height="7" fill="#fff" fill-opacity=".85"/>`
  // Row 1: bottles.
  for (let i = 0; i < 8; i++) {
    const x = sx + 14 + i * 39,
      c = [TEAL, '#fff', '#60a5fa', TEAL_D][i % 4]
    s += `<rect x="${x + 8}" y="100" width="12" height="14" rx="2" fill="${c}"/><rect x="${x}" y="112" width="28" height="58" rx="8" fill="${c}" fill-opacity=".95"/><rect x="${x}" y="134" width="28" height="14" fill="${NAVY}" fill-opacity=".25"/>`
  }
  // Row 2: boxes.
  for (let i = 0; i < 6; i++) {
    const x = sx + 12 + i * 52,
      h = [62, 54, 66, 58, 62, 50][i],
      c = ['#fcd34d', '#fff', TEAL, '#93c5fd', '#fff', '#fcd34d'][i]
    s += `<rect x="${x}" y="${250 - h}" width="44" height="${h}" rx="3" fill="${c}"/><rect x="${x + 8}" y="${250 - h + 12}" width="28" height="10" rx="2" fill="${NAVY}" fill-opacity=".3"/>`
  }
  // Row 3: cans.
  for (let i = 0; i < 10; i++) {
    const x = sx + 12 + i * 31,
      c = [TEAL, '#fff', '#60a5fa'][i % 3]
    s += `<rect x="${x}" y="${GROUND - 52}" width="24" height="48" rx="4" fill="${c}"/><rect x="${x}" y="${GROUND - 36}" width="24" height="10" fill="${NAVY}" fill-opacity=".25"/>`
  }
  // Shopping cart.
  const cx = 460,
    cy = 210
  s += `<path d="M${cx} ${cy - 30} h22 l18 86 h104" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`
  s += `<path d="M${cx + 30} ${cy - 6} h128 l-16 58 h-98 z" fill="${TEAL}" fill-opacity=".9"/>`
  for (let i = 1; i < 5; i++)
    s += `<rect x="${cx + 30 + i * 26}" y="${cy - 4}" width="3" height="54" fill="${NAVY}" fill-opacity=".25"/>`
  s += `<rect x="${cx + 60}" y="${cy - 40}" width="34" height="36" rx="3" fill="#fcd34d"/><rect x="${cx + 100}" y="${cy - 30}" width="22" height="26" rx="6" fill="#fff"/>`
  for (const x of [cx + 58, cx + 130])
    s += `<circle cx="${x}" cy="${GROUND - 14}" r="12" fill="#fff"/><circle cx="${x}" cy="${GROUND - 14}" r="4" fill="${NAVY}"/>`
  return frame('fm', s, [0.85, 0.25])
}

const all = {
  'real-estate': realEstate(),
  retail: retail(),
  finance: finance(),
  manufacturing: manufacturing(),
  logistics: logistics(),
  fmcg: fmcg(),
}
for (const [name, svg] of Object.entries(all)) writeFileSync(`${OUT}/${name}.svg`, svg.replace(/\n/g, ''))
console.log('wrote', Object.keys(all).join(', '))
