/**
 * The Kubernetes shape as it would be applied: `kubectl kustomize deploy` renders it (kubectl from Debian's
 * kubernetes-client, installed as root when missing), every object is valid against the Kubernetes
 * schemas (kubernetes-models), and the rendered objects keep the choices of decision 027: sticky by the
 * ingress's cookie (never an empty hash key), no replicas beside the HPA, pods spread over nodes, a PDB
 * by maxUnavailable, SESSION_SECRET and the Redis password from required Secrets, network policies for
 * the store and Redis, Redis persistent, password-protected and never evicting, the images pinned.
 * docker-compose.yml runs Redis the same way.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import packageJson from '../../package.json' with { type: 'json' }

const root = join(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)

/** kubectl from PATH, or Debian's kubernetes-client installed as root (like promtool and redis-server). */
function ensureKubectl(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim()
  if (found) return found
  if (process.getuid?.() !== 0) return undefined
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (spawnSync('apt-get', ['update'], { stdio: 'inherit', timeout: 300_000 }).status === 0)
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'kubernetes-client'], {
      stdio: 'inherit',
      env,
      timeout: 600_000,
    })
  return existsSync('/usr/bin/kubectl') ? '/usr/bin/kubectl' : undefined
}

const kubectl = ensureKubectl()
if (!kubectl)
  console.warn(
    'Kubernetes manifest tests skipped: kubectl is missing. Install it: sudo apt-get install -y kubernetes-client',
  )

// The rendered objects are plain YAML: read them loosely, then check them against the schemas.
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> } } & any

function render(): K8sObject[] {
  const result = spawnSync(kubectl!, ['kustomize', join(root, 'deploy')], { encoding: 'utf8', timeout: 60_000 })
  if (result.status !== 0) throw new Error(`kubectl kustomize deploy failed: ${result.stderr}`)
  return parseAllDocuments(result.stdout)
    .map((doc) => doc.toJS() as K8sObject)
    .filter(Boolean)
}

/** The model class of an object (`apps/v1` Deployment → kubernetes-models/apps/v1/Deployment). */
function modelOf(object: K8sObject): new (data: unknown) => { validate(): void } {
  // The core group's objects say only `v1`; the package has no exports map, hence require.
  const module = require(`kubernetes-models/${object.apiVersion}/${object.kind}`) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >
  return module[object.kind]!
}

describe.skipIf(!kubectl)('the Kubernetes manifests (kubectl kustomize deploy)', () => {
  const objects = kubectl ? render() : []
  const find = (kind: string, name: string) => {
    const object = objects.find((o) => o.kind === kind && o.metadata.name === name)
    if (!object) throw new Error(`no ${kind} ${name} in the rendered manifests`)
    return object
  }
  const deployment = () => find('Deployment', 'storefront')
  const store = () => deployment().spec.template.spec.containers.find((c: any) => c.name === 'storefront')
  const env = (name: string) => store().env.find((e: any) => e.name === name)
  const redis = () => find('StatefulSet', 'storefront-redis')
  const redisArgs = () => redis().spec.template.spec.containers.find((c: any) => c.name === 'redis').args as string[]

  it('renders every object, each valid against the Kubernetes schemas', () => {
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'ConfigMap/storefront-config',
      'Deployment/storefront',
      'HorizontalPodAutoscaler/storefront',
      'Ingress/storefront',
      'NetworkPolicy/storefront',
      'NetworkPolicy/storefront-redis',
      'PodDisruptionBudget/storefront',
      'Service/storefront',
      'Service/storefront-redis',
      'ServiceAccount/storefront',
      'StatefulSet/storefront-redis',
    ])
    for (const object of objects) {
      const Model = modelOf(object)
      expect(() => new Model(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow()
    }
  })

  it('the schema check catches a broken object', () => {
    const broken = structuredClone(deployment())
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http'
    const Model = modelOf(broken)
    expect(() => new Model(broken).validate()).toThrow(/containerPort must be integer/)
  })

  it('every selector matches its pods', () => {
    const podLabels = deployment().spec.template.metadata.labels
    for (const [kind, name] of [
      ['Service', 'storefront'],
      ['PodDisruptionBudget', 'storefront'],
      ['NetworkPolicy', 'storefront'],
    ] as const) {
      const object = find(kind, name)
      const selector = object.spec.selector?.matchLabels ?? object.spec.selector ?? object.spec.podSelector.matchLabels
      expect(podLabels, `${kind}/${name}`).toMatchObject(selector)
    }
    expect(redis().spec.template.metadata.labels).toMatchObject(find('Service', 'storefront-redis').spec.selector)
    expect(find('HorizontalPodAutoscaler', 'storefront').spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'storefront',
    })
  })

  it('the ingress keeps shoppers by its own cookie over https and balances new ones over every pod', () => {
    const annotations = find('Ingress', 'storefront').metadata.annotations as Record<string, string>
    expect(annotations).toMatchObject({
      'nginx.ingress.kubernetes.io/affinity': 'cookie',
      'nginx.ingress.kubernetes.io/affinity-mode': 'balanced',
      'nginx.ingress.kubernetes.io/session-cookie-name': 'aurora_route',
      'nginx.ingress.kubernetes.io/session-cookie-secure': 'true',
      'nginx.ingress.kubernetes.io/session-cookie-change-on-failure': 'true',
    })
    // ingress-nginx's consistent hash sends every request with an empty key to one pod.
    expect(Object.keys(annotations)).not.toContain('nginx.ingress.kubernetes.io/upstream-hash-by')
  })

  it('the HPA alone sets the scale; the PDB allows a tenth down; pods spread over nodes', () => {
    expect(deployment().spec).not.toHaveProperty('replicas')
    const hpa = find('HorizontalPodAutoscaler', 'storefront').spec
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2)
    expect(hpa.maxReplicas).toBeGreaterThan(hpa.minReplicas)
    const pdb = find('PodDisruptionBudget', 'storefront').spec
    expect(pdb).not.toHaveProperty('minAvailable')
    expect(pdb.maxUnavailable).toBe('10%')
    const spread = deployment().spec.template.spec.topologySpreadConstraints as any[]
    expect(spread.find((c) => c.topologyKey === 'kubernetes.io/hostname')).toMatchObject({
      maxSkew: 1,
      whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'storefront' } },
    })
    expect(spread.map((c) => c.topologyKey)).toContain('topology.kubernetes.io/zone')
  })

  it('the images are pinned by kustomization.yaml, the storefront to the package version', () => {
    const images = objects.flatMap((o) => (o.spec?.template?.spec?.containers ?? []).map((c: any) => c.image as string))
    expect(images.length).toBe(3)
    for (const image of images) {
      expect(image, image).toMatch(/(?::[\w.-]+|@sha256:[0-9a-f]{64})$/)
      expect(image, image).not.toMatch(/:latest$/)
    }
    expect(store().image).toBe(`registry.example/aurora/storefront:${packageJson.version}`)
    const kustomization = parse(readFileSync(join(root, 'deploy/kustomization.yaml'), 'utf8'))
    expect(kustomization.images.map((i: { name: string }) => i.name)).toContain('registry.example/aurora/storefront')
  })

  it('SESSION_SECRET and the Redis password come from required Secrets; pods carry their identity', () => {
    expect(env('SESSION_SECRET').valueFrom.secretKeyRef).toEqual({ name: 'storefront-session', key: 'SESSION_SECRET' })
    expect(env('REDIS_PASSWORD').valueFrom.secretKeyRef).toEqual({ name: 'storefront-redis', key: 'password' })
    for (const entry of store().env) expect(entry.valueFrom?.secretKeyRef?.optional, entry.name).not.toBe(true)
    // $(REDIS_PASSWORD) expands only from an entry defined before it.
    const names = store().env.map((e: any) => e.name)
    expect(names.indexOf('REDIS_PASSWORD')).toBeLessThan(names.indexOf('REDIS_URL'))
    expect(env('REDIS_URL').value).toBe('redis://:$(REDIS_PASSWORD)@storefront-redis:6379/0')
    expect(find('ConfigMap', 'storefront-config').data).not.toHaveProperty('REDIS_URL')
    expect(find('ConfigMap', 'storefront-config').data).not.toHaveProperty('SESSION_SECRET')
    expect(env('K8S_POD_NAME').valueFrom.fieldRef.fieldPath).toBe('metadata.name')
    expect(env('OTEL_RESOURCE_ATTRIBUTES').value).toContain('k8s.pod.name=$(K8S_POD_NAME)')
    expect(names.indexOf('K8S_POD_NAME')).toBeLessThan(names.indexOf('OTEL_RESOURCE_ATTRIBUTES'))
    expect(deployment().spec.template.spec).toMatchObject({
      serviceAccountName: 'storefront',
      automountServiceAccountToken: false,
    })
  })

  it('network policies: the store hears the ingress and Prometheus, calls DNS, Redis and the gateways', () => {
    const policy = find('NetworkPolicy', 'storefront').spec
    expect(policy.policyTypes).toEqual(['Ingress', 'Egress'])
    const from = (port: number) =>
      policy.ingress.filter((rule: any) => rule.ports.some((p: any) => p.port === port)).flatMap((r: any) => r.from)
    expect(from(3000)).toEqual([
      expect.objectContaining({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } } }),
    ])
    expect(from(9464)).toEqual([
      expect.objectContaining({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } }),
    ])
    const egress = policy.egress as any[]
    const to = (port: number) => egress.filter((rule) => rule.ports.some((p: any) => p.port === port))
    expect(
      to(53)
        .flatMap((r) => r.ports.map((p: any) => p.protocol))
        .sort(),
    ).toEqual(['TCP', 'UDP'])
    expect(to(6379)[0].to).toEqual([{ podSelector: { matchLabels: { app: 'storefront-redis' } } }])
    expect(to(443)[0].to[0].ipBlock.cidr).toBe('0.0.0.0/0')
    expect(egress.flatMap((r) => r.ports.map((p: any) => p.port)).sort()).toEqual([443, 53, 53, 6379])

    const redisPolicy = find('NetworkPolicy', 'storefront-redis').spec
    expect(redisPolicy.policyTypes).toEqual(['Ingress', 'Egress'])
    expect(redisPolicy.egress).toEqual([])
    const redisFrom = redisPolicy.ingress.find((r: any) => r.ports[0].port === 6379).from
    expect(redisFrom).toEqual([{ podSelector: { matchLabels: { app: 'storefront' } } }])
  })

  it('Redis: a password, the append-only file on a PersistentVolume, noeviction, an exporter', () => {
    const args = redisArgs()
    expect(argAfter(args, '--requirepass')).toBe('$(REDIS_PASSWORD)')
    expect(argAfter(args, '--appendonly')).toBe('yes')
    expect(argAfter(args, '--appendfsync')).toBe('everysec')
    expect(argAfter(args, '--maxmemory-policy')).toBe('noeviction')
    expect(args).not.toContain('--protected-mode')
    const spec = redis().spec
    expect(spec.volumeClaimTemplates.map((t: any) => t.metadata.name)).toEqual(['data'])
    expect(spec.template.spec.volumes ?? []).toEqual([])
    const containers = spec.template.spec.containers as any[]
    expect(containers.find((c) => c.name === 'redis').volumeMounts).toEqual([{ name: 'data', mountPath: '/data' }])
    expect(containers.find((c) => c.name === 'exporter').ports).toEqual([{ name: 'metrics', containerPort: 9121 }])
  })
})

describe('docker-compose.yml', () => {
  it('runs Redis like the cluster: a password, the append-only file every second, noeviction', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'))
    const command = compose.services.redis.command as string[]
    expect(argAfter(command, '--appendonly')).toBe('yes')
    expect(argAfter(command, '--appendfsync')).toBe('everysec')
    expect(argAfter(command, '--maxmemory-policy')).toBe('noeviction')
    const password = '${REDIS_PASSWORD:-aurora-compose-redis}'
    expect(argAfter(command, '--requirepass')).toBe(password)
    expect(compose.services.redis.environment.REDISCLI_AUTH).toBe(password)
    expect(compose.services.redis.volumes).toEqual(['redis-data:/data'])
    expect(compose.volumes).toHaveProperty('redis-data')
    const store = compose.services['store-a'].environment
    expect(store.REDIS_URL).toBe(`redis://:${password}@redis:6379/0`)
    expect(store.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:-.{32,}\}$/)
  })
})

function argAfter(args: string[], flag: string): string | undefined {
  const index = args.indexOf(flag)
  return index < 0 ? undefined : args[index + 1]
}
