package deploy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/yaml"
)

// manifestDirs are the sets of Kubernetes manifests, each applied whole
// (kubectl apply -f DIR): what one references, it defines.
var manifestDirs = []string{"kubernetes", "kubernetes/single"}

// directorServices are the --services values director takes, the gateway
// alone among them.
var directorServices = []string{"dealing", "movement", "rulings", "scoring", "gateway"}

// manifests are the documents of one set, by kind and name.
type manifests struct {
	configMaps map[string]*corev1.ConfigMap
	secrets    map[string]*corev1.Secret
	services   map[string]*corev1.Service
	workloads  []workload
}

// workload is a Deployment's or a StatefulSet's pods.
type workload struct {
	kind, name  string
	replicas    int32
	selector    *metav1.LabelSelector
	template    corev1.PodTemplateSpec
	claims      []corev1.PersistentVolumeClaim
	serviceName string // a StatefulSet's
}

func (w workload) String() string { return w.kind + " " + w.name }

// documents splits a YAML file into its documents, leaving out those with
// nothing but comments.
func documents(data []byte) [][]byte {
	var docs [][]byte
	for _, doc := range regexp.MustCompile(`(?m)^---[ \t]*$`).Split(string(data), -1) {
		for _, line := range strings.Split(doc, "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				docs = append(docs, []byte(doc))
				break
			}
		}
	}
	return docs
}

// load decodes every document of the set in dir strictly, into the type
// of k8s.io/api its apiVersion and kind name: a field the API does not
// have, or has of another type, is an error, as is a kind this test does
// not know; and it checks names, keys, labels and ports with the API
// server's own rules (k8s.io/apimachinery/pkg/util/validation).
func load(t *testing.T, dir string) manifests {
	t.Helper()
	m := manifests{configMaps: map[string]*corev1.ConfigMap{}, secrets: map[string]*corev1.Secret{}, services: map[string]*corev1.Service{}}
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s holds no manifests (%v)", dir, err)
	}
	seen := map[string]string{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range documents(data) {
			where := fmt.Sprintf("%s, document %d", file, i+1)
			var meta metav1.TypeMeta
			if err := yaml.Unmarshal(doc, &meta); err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			var obj interface{ GetName() string }
			switch meta.APIVersion + " " + meta.Kind {
			case "v1 ConfigMap":
				obj = &corev1.ConfigMap{}
			case "v1 Secret":
				obj = &corev1.Secret{}
			case "v1 Service":
				obj = &corev1.Service{}
			case "apps/v1 StatefulSet":
				obj = &appsv1.StatefulSet{}
			case "apps/v1 Deployment":
				obj = &appsv1.Deployment{}
			default:
				t.Errorf("%s: apiVersion %q kind %q is not a kind the manifests use (add it to this test)", where, meta.APIVersion, meta.Kind)
				continue
			}
			if err := yaml.UnmarshalStrict(doc, obj); err != nil {
				t.Errorf("%s (%s): %v", where, meta.Kind, err)
				continue
			}
			name := obj.GetName()
			if name == "" {
				t.Errorf("%s: a %s without metadata.name", where, meta.Kind)
				continue
			}
			if other, dup := seen[meta.Kind+"/"+name]; dup {
				t.Errorf("%s: %s %s is also in %s", where, meta.Kind, name, other)
			}
			seen[meta.Kind+"/"+name] = where
			invalid := func(what, value string, problems []string) {
				if len(problems) > 0 {
					t.Errorf("%s: %s %q: %s", where, what, value, strings.Join(problems, "; "))
				}
			}
			invalid("name", name, validation.IsDNS1123Subdomain(name))
			if labeled, ok := obj.(interface{ GetLabels() map[string]string }); ok {
				checkLabels(invalid, labeled.GetLabels())
			}
			switch o := obj.(type) {
			case *corev1.ConfigMap:
				m.configMaps[name] = o
				for key := range o.Data {
					invalid("key", key, validation.IsConfigMapKey(key))
				}
			case *corev1.Secret:
				m.secrets[name] = o
				for key := range o.StringData {
					invalid("key", key, validation.IsConfigMapKey(key))
				}
			case *corev1.Service:
				m.services[name] = o
				invalid("Service name", name, validation.IsDNS1035Label(name))
				for _, p := range o.Spec.Ports {
					invalid("port name", p.Name, validation.IsValidPortName(p.Name))
				}
			case *appsv1.StatefulSet:
				checkPod(invalid, o.Spec.Template)
				for _, c := range o.Spec.VolumeClaimTemplates {
					for _, mode := range c.Spec.AccessModes {
						if !slices.Contains([]corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce, corev1.ReadWriteOncePod, corev1.ReadOnlyMany, corev1.ReadWriteMany}, mode) {
							invalid("access mode", string(mode), []string{"not an access mode"})
						}
					}
				}
				m.workloads = append(m.workloads, workload{kind: "StatefulSet", name: name, replicas: replicas(o.Spec.Replicas),
					selector: o.Spec.Selector, template: o.Spec.Template, claims: o.Spec.VolumeClaimTemplates, serviceName: o.Spec.ServiceName})
			case *appsv1.Deployment:
				checkPod(invalid, o.Spec.Template)
				m.workloads = append(m.workloads, workload{kind: "Deployment", name: name, replicas: replicas(o.Spec.Replicas),
					selector: o.Spec.Selector, template: o.Spec.Template})
			}
		}
	}
	return m
}

// checkLabels: label keys and values as the API server takes them.
func checkLabels(invalid func(what, value string, problems []string), labels map[string]string) {
	for k, v := range labels {
		invalid("label key", k, validation.IsQualifiedName(k))
		invalid("label value", v, validation.IsValidLabelValue(v))
	}
}

// checkPod: the names of a pod's template as the API server takes them.
func checkPod(invalid func(what, value string, problems []string), template corev1.PodTemplateSpec) {
	checkLabels(invalid, template.Labels)
	for _, v := range template.Spec.Volumes {
		invalid("volume name", v.Name, validation.IsDNS1123Label(v.Name))
	}
	for _, c := range slices.Concat(template.Spec.InitContainers, template.Spec.Containers) {
		invalid("container name", c.Name, validation.IsDNS1123Label(c.Name))
		for _, p := range c.Ports {
			invalid("port name", p.Name, validation.IsValidPortName(p.Name))
			invalid("port", strconv.Itoa(int(p.ContainerPort)), validation.IsValidPortNum(int(p.ContainerPort)))
		}
		for _, e := range c.Env {
			invalid("variable", e.Name, validation.IsEnvVarName(e.Name))
		}
	}
}

func replicas(n *int32) int32 {
	if n == nil {
		return 1
	}
	return *n
}

// TestKubernetesManifests checks each set of manifests: strictly typed
// (load), then what the API server would take but the pods would fail on.
func TestKubernetesManifests(t *testing.T) {
	help := directorHelp(t)
	for _, dir := range manifestDirs {
		t.Run(dir, func(t *testing.T) {
			m := load(t, dir)
			if len(m.workloads) == 0 {
				t.Fatal("no workload")
			}
			for _, w := range m.workloads {
				m.checkWorkload(t, w, help)
			}
			for name, s := range m.services {
				m.checkService(t, name, s)
			}
		})
	}
}

func (m manifests) checkWorkload(t *testing.T, w workload, help directorFlags) {
	t.Helper()
	labels := w.template.Labels
	if w.selector == nil || len(w.selector.MatchLabels) == 0 {
		t.Errorf("%s: no selector.matchLabels", w)
	}
	for k, v := range w.selector.MatchLabels {
		if labels[k] != v {
			t.Errorf("%s: the selector's %s=%s is not a label of its pods (%v)", w, k, v, labels)
		}
	}
	if w.kind == "StatefulSet" {
		s, ok := m.services[w.serviceName]
		switch {
		case !ok:
			t.Errorf("%s: serviceName %q is not a Service of the set", w, w.serviceName)
		case s.Spec.ClusterIP != corev1.ClusterIPNone:
			t.Errorf("%s: its Service %s is not headless (clusterIP: None)", w, w.serviceName)
		case !matches(s.Spec.Selector, labels):
			t.Errorf("%s: its Service %s selects %v, not its pods (%v)", w, w.serviceName, s.Spec.Selector, labels)
		}
	}
	spec := w.template.Spec
	volumes := map[string]bool{}
	for _, v := range spec.Volumes {
		volumes[v.Name] = true
		switch {
		case v.Secret != nil:
			m.needSecret(t, w, v.Secret.SecretName, "", v.Secret.Optional)
			for _, item := range v.Secret.Items {
				m.needSecret(t, w, v.Secret.SecretName, item.Key, v.Secret.Optional)
			}
		case v.ConfigMap != nil:
			m.needConfigMap(t, w, v.ConfigMap.Name, "", v.ConfigMap.Optional)
			for _, item := range v.ConfigMap.Items {
				m.needConfigMap(t, w, v.ConfigMap.Name, item.Key, v.ConfigMap.Optional)
			}
		}
	}
	for _, c := range w.claims {
		if volumes[c.Name] {
			t.Errorf("%s: volume %s is both a volume and a claim template", w, c.Name)
		}
		volumes[c.Name] = true
		if _, ok := c.Spec.Resources.Requests[corev1.ResourceStorage]; !ok {
			t.Errorf("%s: claim template %s requests no storage", w, c.Name)
		}
	}
	if len(spec.Containers) == 0 {
		t.Errorf("%s: no container", w)
	}
	for _, c := range slices.Concat(spec.InitContainers, spec.Containers) {
		where := fmt.Sprintf("%s, container %s", w, c.Name)
		if c.Image == "" {
			t.Errorf("%s: no image", where)
		}
		for _, vm := range c.VolumeMounts {
			if !volumes[vm.Name] {
				t.Errorf("%s: volumeMount %s names no volume of the pod", where, vm.Name)
			}
		}
		for kind, p := range map[string]*corev1.Probe{"startupProbe": c.StartupProbe, "readinessProbe": c.ReadinessProbe, "livenessProbe": c.LivenessProbe} {
			if p != nil {
				checkProbe(t, where+", "+kind, c, p)
			}
		}
		env := map[string]string{}
		for _, from := range c.EnvFrom {
			switch {
			case from.ConfigMapRef != nil:
				m.needConfigMap(t, w, from.ConfigMapRef.Name, "", from.ConfigMapRef.Optional)
				if cm := m.configMaps[from.ConfigMapRef.Name]; cm != nil {
					maps.Copy(env, cm.Data)
				}
			case from.SecretRef != nil:
				m.needSecret(t, w, from.SecretRef.Name, "", from.SecretRef.Optional)
				if s := m.secrets[from.SecretRef.Name]; s != nil {
					maps.Copy(env, s.StringData)
					for k, v := range s.Data {
						env[k] = string(v)
					}
				}
			}
		}
		for _, e := range c.Env {
			env[e.Name] = e.Value
			if e.ValueFrom == nil {
				continue
			}
			if ref := e.ValueFrom.ConfigMapKeyRef; ref != nil {
				m.needConfigMap(t, w, ref.Name, ref.Key, ref.Optional)
				if cm := m.configMaps[ref.Name]; cm != nil {
					env[e.Name] = cm.Data[ref.Key]
				}
			}
			if ref := e.ValueFrom.SecretKeyRef; ref != nil {
				m.needSecret(t, w, ref.Name, ref.Key, ref.Optional)
				if s := m.secrets[ref.Name]; s != nil {
					env[e.Name] = s.StringData[ref.Key] + string(s.Data[ref.Key])
				}
			}
		}
		if strings.HasPrefix(c.Image, "director") {
			if w.kind == "StatefulSet" && w.replicas != 1 {
				t.Errorf("%s: %d replicas of a service's store, which bbolt lets one process write", w, w.replicas)
			}
			args := slices.Concat(help.entrypoint, c.Command, c.Args)
			help.check(t, where, args, env)
			m.checkPeers(t, where, env["DIRECTOR_PEERS"])
		}
	}
}

// checkProbe: a probe has one way to ask, on a port the container declares.
func checkProbe(t *testing.T, where string, c corev1.Container, p *corev1.Probe) {
	t.Helper()
	declared := func(port int32, name string) bool {
		return slices.ContainsFunc(c.Ports, func(cp corev1.ContainerPort) bool {
			return (name == "" && cp.ContainerPort == port) || (name != "" && cp.Name == name)
		})
	}
	switch h := p.ProbeHandler; {
	case h.GRPC != nil:
		if !declared(h.GRPC.Port, "") {
			t.Errorf("%s: gRPC port %d is not a port of the container", where, h.GRPC.Port)
		}
	case h.HTTPGet != nil:
		if !declared(h.HTTPGet.Port.IntVal, h.HTTPGet.Port.StrVal) {
			t.Errorf("%s: HTTP port %s is not a port of the container", where, h.HTTPGet.Port.String())
		}
	case h.TCPSocket != nil:
		if !declared(h.TCPSocket.Port.IntVal, h.TCPSocket.Port.StrVal) {
			t.Errorf("%s: TCP port %s is not a port of the container", where, h.TCPSocket.Port.String())
		}
	case h.Exec != nil:
		t.Errorf("%s: an exec probe, which the director image (distroless) has nothing to run", where)
	default:
		t.Errorf("%s: no way to probe", where)
	}
}

func (m manifests) needSecret(t *testing.T, w workload, name, key string, optional *bool) {
	t.Helper()
	s, ok := m.secrets[name]
	switch {
	case optional != nil && *optional:
	case !ok:
		t.Errorf("%s: secret %q is not defined in the set", w, name)
	case key != "":
		if _, inData := s.Data[key]; !inData {
			if _, inString := s.StringData[key]; !inString {
				t.Errorf("%s: secret %s has no key %q", w, name, key)
			}
		}
	}
}

func (m manifests) needConfigMap(t *testing.T, w workload, name, key string, optional *bool) {
	t.Helper()
	cm, ok := m.configMaps[name]
	switch {
	case optional != nil && *optional:
	case !ok:
		t.Errorf("%s: configMap %q is not defined in the set", w, name)
	case key != "":
		if _, in := cm.Data[key]; !in {
			t.Errorf("%s: configMap %s has no key %q", w, name, key)
		}
	}
}

// checkService: a Service selects some pods, and sends to ports they have.
func (m manifests) checkService(t *testing.T, name string, s *corev1.Service) {
	t.Helper()
	var pods []corev1.PodSpec
	for _, w := range m.workloads {
		if matches(s.Spec.Selector, w.template.Labels) {
			pods = append(pods, w.template.Spec)
		}
	}
	if len(pods) == 0 {
		t.Errorf("Service %s selects %v: no pods of the set", name, s.Spec.Selector)
		return
	}
	for _, p := range s.Spec.Ports {
		target := p.TargetPort
		if target.IntVal == 0 && target.StrVal == "" {
			target.IntVal = p.Port
		}
		found := slices.ContainsFunc(pods, func(spec corev1.PodSpec) bool {
			return slices.ContainsFunc(spec.Containers, func(c corev1.Container) bool {
				return slices.ContainsFunc(c.Ports, func(cp corev1.ContainerPort) bool {
					return (target.StrVal != "" && cp.Name == target.StrVal) || (target.StrVal == "" && cp.ContainerPort == target.IntVal)
				})
			})
		})
		if !found {
			t.Errorf("Service %s port %s: its pods have no port %s", name, p.Name, target.String())
		}
	}
}

// checkPeers: every peer is a service director runs, at a Service of the
// set with that port.
func (m manifests) checkPeers(t *testing.T, where, peers string) {
	t.Helper()
	for _, peer := range splitList(peers) {
		name, addr, _ := strings.Cut(peer, "=")
		host, port, _ := strings.Cut(addr, ":")
		if !slices.Contains(directorServices[:4], name) {
			t.Errorf("%s: peer %q is not a service director runs", where, peer)
		}
		s, ok := m.services[host]
		n, _ := strconv.Atoi(port)
		if !ok || !slices.ContainsFunc(s.Spec.Ports, func(p corev1.ServicePort) bool { return int(p.Port) == n }) {
			t.Errorf("%s: peer %q is not at a Service of the set with that port", where, peer)
		}
	}
}

func matches(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func splitList(s string) []string {
	var items []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}

// directorFlags are what `director serve --help` lists, and the arguments
// the image's entrypoint gives.
type directorFlags struct {
	flags, vars map[string]bool
	entrypoint  []string
	binary      string
}

// binDir holds the director binary the tests build, for the whole run.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "director-deploy")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var (
	helpOnce sync.Once
	help     directorFlags
	helpErr  error
)

// directorHelp builds director and reads the flags and variables of
// `director serve --help`, and the image's ENTRYPOINT from the Dockerfile.
func directorHelp(t *testing.T) directorFlags {
	t.Helper()
	helpOnce.Do(func() {
		bin := filepath.Join(binDir, "director")
		if out, err := exec.Command("go", "build", "-o", bin, "../cmd/director").CombinedOutput(); err != nil {
			helpErr = fmt.Errorf("building director: %v\n%s", err, out)
			return
		}
		var out bytes.Buffer
		cmd := exec.Command(bin, "serve", "--help")
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			helpErr = fmt.Errorf("director serve --help: %v\n%s", err, out.Bytes())
			return
		}
		help = directorFlags{flags: map[string]bool{}, vars: map[string]bool{}, binary: bin}
		for _, m := range regexp.MustCompile(`(?m)^\s+-([a-z][a-z0-9-]*)`).FindAllStringSubmatch(out.String(), -1) {
			help.flags[m[1]] = true
		}
		for _, m := range regexp.MustCompile(`\(\$(DIRECTOR_[A-Z0-9_]+)\)`).FindAllStringSubmatch(out.String(), -1) {
			help.vars[m[1]] = true
		}
		if len(help.flags) < 10 || !help.flags["services"] || !help.vars["DIRECTOR_PEERS"] {
			helpErr = fmt.Errorf("director serve --help lists flags %v and variables %v: not the flags of director", help.flags, help.vars)
			return
		}
		dockerfile, err := os.ReadFile("Dockerfile")
		if err != nil {
			helpErr = err
			return
		}
		entry := regexp.MustCompile(`(?m)^ENTRYPOINT (\[.*\])$`).FindSubmatch(dockerfile)
		if entry == nil || json.Unmarshal(entry[1], &help.entrypoint) != nil || len(help.entrypoint) < 2 || help.entrypoint[1] != "serve" {
			helpErr = fmt.Errorf("the Dockerfile's ENTRYPOINT is not [\"/director\", \"serve\", ...]: %q", entry)
		}
		help.entrypoint = help.entrypoint[2:]
	})
	if helpErr != nil {
		t.Fatal(helpErr)
	}
	return help
}

// check: every flag of args and every DIRECTOR_ variable of env is one
// director serve takes, and --services names what it runs.
func (h directorFlags) check(t *testing.T, where string, args []string, env map[string]string) {
	t.Helper()
	for i, arg := range args {
		if !strings.HasPrefix(arg, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !h.flags[name] {
			t.Errorf("%s: director serve has no flag %s", where, arg)
		}
		if name == "services" {
			if !hasValue && i+1 < len(args) {
				value = args[i+1]
			}
			for _, s := range splitList(value) {
				if !slices.Contains(directorServices, s) {
					t.Errorf("%s: --services %s: director runs no %q", where, value, s)
				}
			}
		}
	}
	for name := range env {
		if strings.HasPrefix(name, "DIRECTOR_") && !h.vars[name] {
			t.Errorf("%s: director reads no variable %s", where, name)
		}
	}
	h.parse(t, where, args, env)
}

// parse runs director with args and env as the container would, but with
// a log format it refuses: it reads its flags and variables whole, checks
// how they go together (the services and peers, a federation's flags, a
// venue's), and stops at the log format, the first thing it does after,
// before it opens a file. Anything else it says is what the container
// would fail on.
func (h directorFlags) parse(t *testing.T, where string, args []string, env map[string]string) {
	t.Helper()
	const bad = "parse-only"
	cmd := exec.Command(h.binary, slices.Concat([]string{"serve"}, args, []string{"--log-format", bad})...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	for name, value := range env {
		if strings.HasPrefix(name, "DIRECTOR_") {
			cmd.Env = append(cmd.Env, name+"="+value)
		}
	}
	out, err := cmd.CombinedOutput()
	if want := `log format "` + bad + `"`; err == nil || !strings.Contains(string(out), want) {
		t.Errorf("%s: director serve %s: %v\n%s\nwant it to read its flags and stop at the log format", where, strings.Join(args, " "), err, out)
	}
}

// compose is what this test reads of a compose file.
type compose struct {
	Services map[string]struct {
		Image       string            `json:"image"`
		Command     []string          `json:"command"`
		Environment map[string]string `json:"environment"`
		DependsOn   []string          `json:"depends_on"`
		Volumes     []string          `json:"volumes"`
	} `json:"services"`
	Volumes map[string]any `json:"volumes"`
}

// TestComposeFiles checks the compose files: each director container's
// flags and variables are director's, a peer is a container of the file
// on its gRPC port, the gateway alone reaches every service the others
// run, and every named volume is declared.
func TestComposeFiles(t *testing.T) {
	help := directorHelp(t)
	for _, file := range []string{"compose.yaml", "compose.single.yaml"} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var c compose
			if err := yaml.Unmarshal(data, &c); err != nil {
				t.Fatal(err)
			}
			if len(c.Services) == 0 {
				t.Fatal("no services")
			}
			run := map[string]bool{}
			gatewayPeers := map[string]bool{}
			for name, s := range c.Services {
				for _, dep := range s.DependsOn {
					if _, ok := c.Services[dep]; !ok {
						t.Errorf("%s depends on %s, which is not in the file", name, dep)
					}
				}
				for _, v := range s.Volumes {
					source, _, _ := strings.Cut(v, ":")
					if !strings.HasPrefix(source, ".") && !strings.HasPrefix(source, "/") {
						if _, ok := c.Volumes[source]; !ok {
							t.Errorf("%s mounts volume %s, which the file does not declare", name, source)
						}
					}
				}
				if !strings.HasPrefix(s.Image, "director") {
					continue
				}
				help.check(t, name, slices.Concat(help.entrypoint, s.Command), s.Environment)
				args := slices.Concat(help.entrypoint, s.Command)
				for i, arg := range args[:len(args)-1] {
					switch arg {
					case "--services":
						for _, svc := range splitList(args[i+1]) {
							run[svc] = true
						}
					case "--peer":
						for _, peer := range splitList(args[i+1]) {
							svc, addr, _ := strings.Cut(peer, "=")
							host, port, _ := strings.Cut(addr, ":")
							if _, ok := c.Services[host]; !ok || port != "9090" || !slices.Contains(directorServices[:4], svc) {
								t.Errorf("%s: peer %q: want a service at a container of the file, port 9090", name, peer)
							}
							if slices.Contains(args, "gateway") {
								gatewayPeers[svc] = true
							}
						}
					}
				}
			}
			if run["gateway"] {
				for svc := range run {
					if svc != "gateway" && !gatewayPeers[svc] {
						t.Errorf("the gateway alone does not reach %s (--peer)", svc)
					}
				}
			}
		})
	}
}
