"""Resumo diário de prazos por e-mail (issue 15, item 14): `farol resumo-diario` entrega a um
servidor SMTP local de verdade (aiosmtpd, numa porta livre) o resumo de cada autoridade, com
os prazos da sua jurisdição vencidos e os que vencem em 7 dias.

Os processos nascem pela API, como em tests/e2e/api/test_prazos.py (onde os vencimentos do
roteiro estão conferidos à mão), na hierarquia DPC > COM5DN > CPSC > DELITAJAI e
DPC > COM8DN > CPSP:

- A (CPSC), notificado em 02/03/2026: comparecimento até 12/03 (8 dias úteis de 03/03);
- B (CPSC), ciência do auto em 16/03: defesa até 07/04 (15 dias úteis; Sexta-feira Santa);
- C (DELITAJAI) e D (CPSP), notificados em 02/03: comparecimento até 12/03;
- E (CPSC), ciência da decisão em 14/04: recurso até 23/04 (5 dias úteis: 20/04 ponto
  facultativo, 21/04 Tiradentes) e pagamento até 29/04 (15 dias corridos).

Resumo de 22/04/2026 (quarta-feira), a vencer até 29/04:
- 12/03 -> 22/04: 19 dias até 31/03 + 22 = 41 dias vencido; 07/04 -> 22/04: 15 dias vencido;
  29/04: faltam 7 dias (no limite). O recurso de E (23/04) é do interessado e só o ato dele o
  encerra: não entra (nenhum ato da autoridade o espera).
- ac.cpsc (CPSC e DELITAJAI): A, B, C e o pagamento de E; não D (Santos).
- inspetor.cpsc: só a defesa de B (o inspetor registra a renúncia à defesa).
- dpc (nacional): só o pagamento de E (concede o efeito suspensivo); não registra o fim do
  comparecimento nem da defesa.
- ac.delitajai: só C; ac.cpsp: só D; auditor e consulta: nada (não registram atos).

A agenda da OM (`/om/prazos.ics`, `/om/prazos.atom` e o endereço secreto `/feeds/<token>.ics`)
traz os mesmos prazos, sem o limite de 7 dias nem o filtro do papel, e segue o processo: o
prazo encerrado sai, o aberto pelo ato entra, os outros mantêm o UID.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from apoio import csrf_de, hash_rapido, porta_livre
from cli_util import Saida, rodar
from e2e.api.conftest import SEGREDO, Api, inspecao, semear
from fastapi.testclient import TestClient
from icalendar import Calendar

from farol.app import criar_app
from farol.config import Configuracao, configuracao
from farol.relogio import hoje
from farol.services import usuarios
from farol.store.db import Banco
from farol.store.orm import ResumoEnviado

pytestmark = pytest.mark.integration

URL_PUBLICA = "https://farol.teste"
DATA = "2026-04-22"
RECUSADO = "recusado@om.teste"

EMAILS = {
    "ac.cpsc": "ac.cpsc@om.teste",
    "inspetor.cpsc": "inspetor.cpsc@om.teste",
    "dpc": "dpc@om.teste",
    "ac.delitajai": "ac.delitajai@om.teste",
    "ac.cpsp": "ac.cpsp@om.teste",
    "auditor.cpsc": "auditor.cpsc@om.teste",
    "consulta.cpsc": "consulta.cpsc@om.teste",
    # cp.cpsc fica sem e-mail: aparece como "sem e-mail cadastrado", nada lhe é enviado
}


@dataclass
class Caixa:
    """O servidor SMTP local: guarda cada mensagem aceita; recusa o destinatário RECUSADO."""

    mensagens: list[tuple[list[str], EmailMessage]] = field(default_factory=list)

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, endereco: str, _: Any
    ) -> str:
        if endereco == RECUSADO:
            return "550 5.1.1 caixa postal inexistente"
        envelope.rcpt_tos.append(endereco)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        conteudo = envelope.original_content or b""
        m = email.message_from_bytes(conteudo, policy=email.policy.default)
        assert isinstance(m, EmailMessage)
        self.mensagens.append((list(envelope.rcpt_tos), m))
        return "250 OK"

    def por_destinatario(self) -> dict[str, EmailMessage]:
        saida: dict[str, EmailMessage] = {}
        for destinos, m in self.mensagens:
            for d in destinos:
                assert d not in saida, f"duas mensagens para {d}"
                saida[d] = m
        return saida


@pytest.fixture
def caixa() -> Iterator[tuple[Caixa, int]]:
    c = Caixa()
    porta = porta_livre()
    controlador = Controller(c, hostname="127.0.0.1", port=porta)
    controlador.start()
    yield c, porta
    controlador.stop()


@pytest.fixture
def api(
    banco: Banco, url_banco: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Api]:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    with banco.unit_of_work() as s:
        semear(s)
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo=SEGREDO)
    with TestClient(criar_app(config, banco)) as c:
        yield Api(c, banco)


@dataclass
class Cenario:
    url: str
    ids: dict[str, int]
    numeros: dict[str, str]


@pytest.fixture
def cenario(api: Api, url_banco: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cenario:
    ids = {
        "A": api.novo_processo(inspecao(inscricao="SC-A")),
        "B": api.novo_processo(inspecao(inscricao="SC-B")),
        "C": api.novo_processo(inspecao(inscricao="SC-C"), como="ac.delitajai"),
        "D": api.novo_processo(inspecao(inscricao="SP-D"), como="ac.cpsp"),
        "E": api.novo_processo(inspecao(inscricao="SC-E")),
    }
    api.levar_ate(ids["B"], "em_defesa")
    api.levar_ate(ids["E"], "decisao_notificada")
    numeros = {k: api.processo(pid, como="dpc")["numero"] for k, pid in ids.items()}
    monkeypatch.setenv("FAROL_PASTA_DADOS", str(tmp_path))
    monkeypatch.setenv("FAROL_DATABASE_URL", url_banco)
    monkeypatch.setenv("FAROL_URL_PUBLICA", URL_PUBLICA)
    monkeypatch.setenv("FAROL_SMTP_REMETENTE", "farol@cpsc.teste")
    monkeypatch.setenv("FAROL_SMTP_STARTTLS", "false")
    monkeypatch.delenv("FAROL_SMTP_HOST", raising=False)
    configuracao.cache_clear()
    return Cenario(url_banco, ids, numeros)


@pytest.fixture(autouse=True)
def _configuracao_limpa() -> Iterator[None]:
    configuracao.cache_clear()
    yield
    configuracao.cache_clear()


def _smtp(monkeypatch: pytest.MonkeyPatch, porta: int) -> None:
    monkeypatch.setenv("FAROL_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("FAROL_SMTP_PORTA", str(porta))
    configuracao.cache_clear()


def _farol(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> Saida:
    configuracao.cache_clear()
    return rodar(capsys, monkeypatch, *args)


def _emails(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for login, endereco in EMAILS.items():
        r = _farol(capsys, monkeypatch, "usuario", "email", login, endereco)
        assert r.codigo == 0, r.stderr
        assert endereco in r.stdout
        # o auditor e a consulta não registram atos: o e-mail se grava, mas a CLI não promete
        # um resumo que nunca chega
        nao_recebe = login.split(".")[0] in ("auditor", "consulta")
        assert ("não recebe o resumo diário" in r.stdout) == nao_recebe, r.stdout


def _texto(m: EmailMessage) -> str:
    corpo = m.get_body(("plain",))
    assert corpo is not None
    conteudo = corpo.get_content()  # type: ignore[attr-defined]
    assert isinstance(conteudo, str)
    return conteudo.replace("\r\n", "\n")


def test_cada_autoridade_recebe_os_prazos_da_sua_jurisdicao_vencidos_e_dos_proximos_7_dias(
    cenario: Cenario,
    caixa: tuple[Caixa, int],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, porta = caixa
    _emails(capsys, monkeypatch)
    _smtp(monkeypatch, porta)
    r = _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA)
    assert r.codigo == 0, r.stderr
    n = cenario.numeros

    recebidas = c.por_destinatario()
    assert set(recebidas) == {
        "ac.cpsc@om.teste",
        "inspetor.cpsc@om.teste",
        "dpc@om.teste",
        "ac.delitajai@om.teste",
        "ac.cpsp@om.teste",
    }  # nem o auditor nem a consulta (não registram atos); cp.cpsc não tem e-mail

    def processos(destino: str) -> set[str]:
        texto = _texto(recebidas[destino])
        return {x for x in n.values() if f"Processo {x} " in texto}

    # C é de Itajaí: o Delegado o trata, não a Autoridade Competente da sede (Norma de 2023
    # item 3.5 a I), que não vigia os prazos que não pode encerrar
    assert processos("ac.cpsc@om.teste") == {n["A"], n["B"], n["E"]}
    assert processos("inspetor.cpsc@om.teste") == {n["B"]}
    assert processos("dpc@om.teste") == {n["E"]}
    assert processos("ac.delitajai@om.teste") == {n["C"]}
    assert processos("ac.cpsp@om.teste") == {n["D"]}

    ac = recebidas["ac.cpsc@om.teste"]
    assert ac["From"] == "farol@cpsc.teste"
    assert (
        ac["Subject"]
        == "Farol — prazos em 22/04/2026 (CPSC): 2 vencidos e 1 a vencer até 29/04/2026"
    )
    texto = _texto(ac)
    vencidos, _, a_vencer = texto.partition("VENCEM ATÉ 29/04/2026 (1)")
    assert "VENCIDOS, AINDA EM ABERTO (2)" in vencidos
    # A: comparecimento até 12/03, vencido há 41 dias (19 dias até 31/03 e mais 22)
    assert (
        f"- Processo {n['A']} (CPSC) · Notificado para comparecimento\n"
        "  Prestação de esclarecimentos após a Notificação para Comparecimento (prazo do interessado)\n"
        "  venceu em 12/03/2026: vencido há 41 dias\n"
        "  NORMAM (Port. 110/2023) item 3.6.1: Constatada a infração, será lavrada a Notificação"
    ) in vencidos
    assert f"{URL_PUBLICA}/processos/{cenario.ids['A']}#prazo-" in vencidos
    # B: defesa até 07/04 (15 dias úteis de 16/03, Sexta-feira Santa no meio), vencida há 15 dias
    assert f"- Processo {n['B']} (CPSC) · Prazo de defesa em curso" in vencidos
    assert (
        "  venceu em 07/04/2026: vencido há 15 dias\n  NORMAM (Port. 110/2023) item 3.6.3 a"
        in vencidos
    )
    assert f"- Processo {n['C']} (DELITAJAI) · " not in texto
    # E: pagamento até 29/04 (15 dias corridos de 14/04): faltam 7 dias, o último do resumo
    assert (
        f"- Processo {n['E']} (CPSC) · Decisão notificada ao autuado"
        in a_vencer
    )
    assert (
        "  Pagamento da multa (prazo do interessado)\n  vence em 29/04/2026: faltam 7 dias"
        in a_vencer
    )
    # o recurso de E (até 23/04) só o ato do interessado o encerra: não está no resumo
    assert "Recurso em 1ª instância" not in texto
    assert "23/04/2026" not in texto
    # a saída diz a quem foi e quem ficou sem
    assert "ac.cpsc@om.teste" in r.stdout and "enviado" in r.stdout
    assert "cp.cpsc" in r.stdout and "sem e-mail cadastrado" in r.stdout
    assert "auditor.cpsc" not in r.stdout


def test_nada_se_envia_duas_vezes_no_mesmo_dia(
    cenario: Cenario,
    caixa: tuple[Caixa, int],
    banco: Banco,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, porta = caixa
    _emails(capsys, monkeypatch)
    _smtp(monkeypatch, porta)
    assert _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA).codigo == 0
    assert len(c.mensagens) == 5
    segunda = _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA)
    assert segunda.codigo == 0, segunda.stderr
    assert len(c.mensagens) == 5  # nenhuma nova
    assert segunda.stdout.count("já enviado hoje") == 5
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.query(ResumoEnviado).count() == 5
    # o dia seguinte é outro resumo: 23/04 traz de novo (o pagamento agora faltando 6 dias)
    assert _farol(capsys, monkeypatch, "resumo-diario", "--data", "2026-04-23").codigo == 0
    assert len(c.mensagens) == 10
    _, ultima = c.mensagens[-1]
    assert any("faltam 6 dias" in _texto(m) for _, m in c.mensagens[5:])
    assert ultima["Subject"].startswith("Farol — prazos em 23/04/2026")


def test_simular_mostra_sem_enviar_nem_gravar(
    cenario: Cenario,
    caixa: tuple[Caixa, int],
    banco: Banco,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, porta = caixa
    _emails(capsys, monkeypatch)
    _smtp(monkeypatch, porta)
    r = _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA, "--simular")
    assert r.codigo == 0, r.stderr
    assert r.stdout.count("seria enviado") == 5
    assert c.mensagens == []
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.query(ResumoEnviado).count() == 0
    # sem FAROL_SMTP_HOST o envio está desligado: mostra e avisa, não envia
    monkeypatch.delenv("FAROL_SMTP_HOST")
    r = _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA)
    assert r.codigo == 0, r.stderr
    assert "envio desligado: FAROL_SMTP_HOST vazio" in r.stdout
    assert c.mensagens == []


def test_servidor_smtp_fora_do_ar_sai_com_erro_em_portugues(
    cenario: Cenario,
    banco: Banco,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _emails(capsys, monkeypatch)
    porta = porta_livre()  # ninguém escuta
    _smtp(monkeypatch, porta)
    r = _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA)
    assert r.codigo == 1
    assert r.stderr == (
        "erro: resumo diário de 22/04/2026 não enviado: o servidor SMTP "
        f"127.0.0.1:{porta} recusou a conexão (fora do ar?)\n"
    )
    with banco.unit_of_work(somente_leitura=True) as s:
        assert (
            s.query(ResumoEnviado).count() == 0
        )  # nada gravado: amanhã ... hoje mesmo, tenta de novo


def test_destinatario_recusado_nao_impede_os_outros_e_a_saida_e_de_falha(
    cenario: Cenario,
    caixa: tuple[Caixa, int],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, porta = caixa
    _emails(capsys, monkeypatch)
    assert _farol(capsys, monkeypatch, "usuario", "email", "dpc", RECUSADO).codigo == 0
    _smtp(monkeypatch, porta)
    r = _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA)
    assert r.codigo == 1
    assert len(c.mensagens) == 4
    assert f"erro: resumo para dpc <{RECUSADO}> não enviado: o servidor SMTP" in r.stderr
    assert "recusou o destinatário" in r.stderr and "550" in r.stderr
    # de novo: só o recusado é tentado outra vez (os outros já receberam)
    r = _farol(capsys, monkeypatch, "resumo-diario", "--data", DATA)
    assert r.codigo == 1 and len(c.mensagens) == 4
    assert r.stdout.count("já enviado hoje") == 4


def test_email_do_usuario_invalido_e_recusado_com_o_campo(
    cenario: Cenario, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    r = _farol(capsys, monkeypatch, "usuario", "email", "ac.cpsc", "sem arroba")
    assert r.codigo == 2
    assert r.stderr.startswith("erro: email: e-mail inválido")
    r = _farol(capsys, monkeypatch, "usuario", "email", "ninguem", "a@b.teste")
    assert (r.codigo, r.stderr) == (2, "erro: login: usuário “ninguem” não encontrado\n")
    r = _farol(capsys, monkeypatch, "usuario", "email", "ac.cpsc", "")
    assert (r.codigo, r.stdout) == (
        0,
        "ac.cpsc: sem e-mail; não recebe o resumo diário de prazos\n",
    )


# --- a agenda de prazos da OM: iCalendar e Atom ---------------------------------------------
#
# Os mesmos prazos do resumo (vigiados, em aberto), da jurisdição de quem lê, sem o limite de
# 7 dias nem o filtro do papel: a agenda é da OM. Para ac.cpsc (CPSC e DELITAJAI): o
# comparecimento de A e de C (12/03), a defesa de B (07/04) e o pagamento de E (29/04); não D
# (Santos) nem o recurso de E, que só o interessado encerra.

ATOM = "{http://www.w3.org/2005/Atom}"


def _eventos(conteudo: bytes) -> dict[str, Any]:
    """UID -> o VEVENT, do .ics recebido."""
    cal = Calendar.from_ical(conteudo)
    assert cal["version"] == "2.0" and cal["x-wr-calname"]
    return {str(ev["uid"]): ev for ev in cal.walk("VEVENT")}


def _por_processo(eventos: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """(número do processo, data do vencimento ISO) -> o VEVENT."""
    saida = {}
    for ev in eventos.values():
        numero = str(ev["summary"]).removeprefix("Processo ").split(":")[0]
        chave = (numero, ev.decoded("dtstart").isoformat())
        assert chave not in saida, chave
        saida[chave] = ev
    return saida


def _entradas(conteudo: bytes) -> list[Any]:
    feed = ET.fromstring(conteudo)
    assert feed.tag == f"{ATOM}feed"
    return feed.findall(f"{ATOM}entry")


def test_agenda_da_om_em_icalendar_e_atom_traz_os_prazos_da_jurisdicao(
    cenario: Cenario, api: Api
) -> None:
    n, ids = cenario.numeros, cenario.ids
    sem_login = api.cliente.get("/om/prazos.ics", follow_redirects=False)
    assert sem_login.status_code == 303 and "/entrar" in sem_login.headers["location"]

    api.entrar_na_web("ac.cpsc")
    painel = api.cliente.get("/painel").text  # o painel leva à agenda
    for href in ('href="/om/prazos.ics"', 'href="/om/prazos.atom"', 'href="/om/agenda"'):
        assert href in painel, href

    r = api.cliente.get("/om/prazos.ics")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/calendar; charset=utf-8"
    assert r.headers["cache-control"] == "private, no-store"
    eventos = _eventos(r.content)
    por = _por_processo(eventos)
    assert set(por) == {
        (n["A"], "2026-03-12"),
        (n["B"], "2026-04-07"),
        (n["C"], "2026-03-12"),
        (n["E"], "2026-04-29"),
    }  # nem D (Santos), nem o recurso de E (23/04)
    comparecimento = por[(n["A"], "2026-03-12")]
    # um evento de dia inteiro no vencimento, com a etapa, a norma e o endereço do prazo
    assert comparecimento.decoded("dtstart") == dt.date(2026, 3, 12)
    assert comparecimento.decoded("dtend") == dt.date(2026, 3, 13)
    assert str(comparecimento["summary"]) == (
        f"Processo {n['A']}: Prestação de esclarecimentos após a Notificação para Comparecimento"
    )
    descricao = str(comparecimento["description"])
    assert descricao.startswith("NORMAM (Port. 110/2023) item 3.6.1: Constatada a infração")
    assert "contado do dia seguinte a 02/03/2026, vence em 12/03/2026" in descricao
    assert f"/processos/{ids['A']}#prazo-" in str(comparecimento["url"])
    assert str(por[(n["C"], "2026-03-12")]["description"]).count("(DELITAJAI)") == 1

    # o Atom: uma entrada por prazo, com o mesmo prazo e o mesmo endereço
    r = api.cliente.get("/om/prazos.atom")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/atom+xml; charset=utf-8"
    entradas = _entradas(r.content)
    assert len(entradas) == len(eventos)
    links = {e.find(f"{ATOM}link").get("href") for e in entradas}
    assert links == {str(ev["url"]) for ev in eventos.values()}
    resumo = {
        e.find(f"{ATOM}title").text: e.find(f"{ATOM}summary").text
        for e in entradas
        if e.find(f"{ATOM}title").text.startswith(f"Processo {n['E']}")
    }
    (texto,) = resumo.values()  # só o pagamento de E; a situação contada de hoje
    verbo = "vence" if dt.date(2026, 4, 29) >= hoje() else "venceu"
    assert texto == (
        f"{verbo} em 29/04/2026 ({_situacao(dt.date(2026, 4, 29))}) · "
        "Decisão notificada ao autuado"
    )

    # outra jurisdição: Santos vê só D
    api.cliente.cookies.clear()
    api.entrar_na_web("ac.cpsp")
    santos = _por_processo(_eventos(api.cliente.get("/om/prazos.ics").content))
    assert set(santos) == {(n["D"], "2026-03-12")}


def _situacao(vencimento: Any) -> str:
    """A situação do prazo hoje, como a agenda a escreve."""
    dias = (vencimento - hoje()).days
    if dias < -1:
        return f"vencido há {-dias} dias"
    return {-1: "venceu ontem", 0: "vence hoje", 1: "vence amanhã"}.get(dias, f"faltam {dias} dias")


def test_o_prazo_encerrado_sai_da_agenda_e_o_aberto_pelo_ato_entra_com_o_mesmo_uid(
    cenario: Cenario, api: Api
) -> None:
    n = cenario.numeros
    api.entrar_na_web("ac.cpsc")
    antes = _eventos(api.cliente.get("/om/prazos.ics").content)
    assert _eventos(api.cliente.get("/om/prazos.ics").content).keys() == antes.keys()  # estáveis
    defesa = _por_processo(antes)[(n["B"], "2026-04-07")]

    # a revelia de B encerra a defesa e abre o prazo de julgamento (30 dias corridos do fim da
    # defesa, 07/04: 07/05/2026)
    api.ato_ok(cenario.ids["B"], "revelia", "2026-04-08")
    depois = _eventos(api.cliente.get("/om/prazos.ics").content)
    assert str(defesa["uid"]) not in depois
    assert set(antes) - {str(defesa["uid"])} <= set(depois)  # os outros continuam iguais
    novos = [depois[u] for u in set(depois) - set(antes)]
    assert [(str(e["summary"]).split(":")[0], e.decoded("dtstart").isoformat()) for e in novos] == [
        (f"Processo {n['B']}", "2026-05-07")
    ]


def test_endereco_secreto_abre_a_agenda_sem_login_ate_ser_trocado_ou_revogado(
    cenario: Cenario, api: Api
) -> None:
    n = cenario.numeros
    api.entrar_na_web("ac.delitajai")
    pagina = api.cliente.get("/om/agenda")
    assert pagina.status_code == 200 and "Nenhum endereço secreto ativo" in pagina.text
    criado = api.cliente.post("/om/agenda/endereco", data={"csrf": csrf_de(pagina.text)})
    assert criado.status_code == 200 and "não será mostrado de novo" in criado.text
    endereco = re.search(r'id="c-endereco-ics"[^>]* value="([^"]+)"', criado.text)
    atom = re.search(r'id="c-endereco-atom"[^>]* value="([^"]+)"', criado.text)
    assert endereco and atom
    caminho = "/feeds/" + endereco.group(1).split("/feeds/", 1)[1]
    caminho_atom = "/feeds/" + atom.group(1).split("/feeds/", 1)[1]
    assert "Endereço ativo desde" in api.cliente.get("/om/agenda").text

    # o calendário não tem login: só o endereço, com a jurisdição do dono (Itajaí: só C)
    csrf = csrf_de(api.cliente.get("/om/agenda").text)
    cookies = dict(api.cliente.cookies)
    api.cliente.cookies.clear()
    r = api.cliente.get(caminho)
    assert r.status_code == 200, r.text
    assert set(_por_processo(_eventos(r.content))) == {(n["C"], "2026-03-12")}
    assert len(_entradas(api.cliente.get(caminho_atom).content)) == 1
    assert api.cliente.get("/feeds/" + "x" * 43 + ".ics").status_code == 404

    # um endereço novo revoga o anterior; revogar faz o atual parar na hora
    api.cliente.cookies.update(cookies)
    novo = api.cliente.post("/om/agenda/endereco", data={"csrf": csrf})
    segundo = re.search(r'id="c-endereco-ics"[^>]* value="([^"]+)"', novo.text)
    assert segundo and segundo.group(1) != endereco.group(1)
    caminho2 = "/feeds/" + segundo.group(1).split("/feeds/", 1)[1]
    assert api.cliente.get(caminho).status_code == 404
    assert api.cliente.get(caminho2).status_code == 200
    revogado = api.cliente.post(
        "/om/agenda/revogar",
        data={"csrf": csrf_de(api.cliente.get("/om/agenda").text)},
        follow_redirects=False,
    )
    assert revogado.status_code == 303
    assert api.cliente.get(caminho2).status_code == 404
    assert "Nenhum endereço secreto ativo" in api.cliente.get("/om/agenda").text
